//! The native half of the `ecsm` Python package: each function calls the library function
//! its `ecsm` command calls, so a result is byte for byte the CLI's. Failures become the
//! exceptions of `ecsm/_errors.py` carrying the library's messages; nothing here panics on
//! input, since a panic would reach Python as `PanicException`, which no caller expects.

use ecsm::curves::named::{all_curves, find_curve, CurveOpError, NamedCurve};
use ecsm::encoding::words_from_be;
use ecsm::experiments::count_report::{
    self, CountError, CountRequest, CountTarget, DEFAULT_CURVES, DEFAULT_SEED,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};

/// The exception classes live in Python (`ecsm/_errors.py`) so that they can derive from
/// both `ecsm.Error` and `ValueError`, which a class made by PyO3 cannot.
fn raise(py: Python<'_>, class: &str, msg: impl Into<String>) -> PyErr {
    let made = py
        .import("ecsm._errors")
        .and_then(|m| m.getattr(class))
        .and_then(|c| c.call1((msg.into(),)));
    match made {
        Ok(exc) => PyErr::from_value(exc),
        Err(e) => e,
    }
}

/// The class each curve error belongs to: a point the curve rejects, a scalar out of
/// range, a method the curve does not take, or the rest.
fn curve_error(py: Python<'_>, e: CurveOpError) -> PyErr {
    let class = match e {
        CurveOpError::Encoding(_) | CurveOpError::InfinityKey | CurveOpError::NotInSubgroup => {
            "InvalidPoint"
        }
        CurveOpError::PrivateKeyOutOfRange | CurveOpError::ScalarTooLong { .. } => "InvalidScalar",
        CurveOpError::Method(_) => "InvalidArgument",
        _ => "Error",
    };
    raise(py, class, e.to_string())
}

fn curve(py: Python<'_>, name: &str) -> PyResult<&'static dyn NamedCurve> {
    find_curve(name).ok_or_else(|| {
        raise(
            py,
            "InvalidArgument",
            format!("unknown curve {name:?} (see ecsm.curves() for the names)"),
        )
    })
}

/// A Python int as the library's little-endian words. Negative values have no meaning
/// as a scalar here; the length limit is the library's to enforce (and to word).
fn scalar_words(what: &str, k: &Bound<'_, PyInt>) -> PyResult<Vec<u64>> {
    let py = k.py();
    if k.lt(0)? {
        return Err(raise(
            py,
            "InvalidScalar",
            format!("{what} must be a non-negative integer"),
        ));
    }
    let bits: usize = k.call_method0("bit_length")?.extract()?;
    let be = k.call_method1("to_bytes", (bits.div_ceil(8), "big"))?;
    let bytes: &[u8] = be.extract()?;
    Ok(words_from_be(bytes))
}

/// The canonical names of every curve, in `ecsm curves` order.
#[pyfunction]
fn curves() -> Vec<&'static str> {
    all_curves().iter().map(|c| c.name()).collect()
}

/// The method specs a curve offers, as `ecsm methods --curve` prints them.
#[pyfunction]
fn methods(py: Python<'_>, curve: &str) -> PyResult<Vec<String>> {
    let c = self::curve(py, curve)?;
    Ok(c.methods().iter().map(ToString::to_string).collect())
}

/// [k]P, encoded as `ecsm mul` prints it.
#[pyfunction]
#[pyo3(signature = (curve, scalar, point=None, method=None, compressed=false))]
fn mul<'py>(
    py: Python<'py>,
    curve: &str,
    scalar: &Bound<'py, PyInt>,
    point: Option<&[u8]>,
    method: Option<&str>,
    compressed: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let c = self::curve(py, curve)?;
    let k = scalar_words("scalar", scalar)?;
    let m = c
        .method_or_default(method)
        .map_err(|e| raise(py, "InvalidArgument", e.to_string()))?;
    let out = py
        .detach(|| c.mul(&k, point, &m, compressed))
        .map_err(|e| curve_error(py, e))?;
    Ok(PyBytes::new(py, &out))
}

/// Any encoding of a point of the curve, returned uncompressed.
#[pyfunction]
fn decompress<'py>(py: Python<'py>, curve: &str, data: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    let c = self::curve(py, curve)?;
    let out = c.decompress(data).map_err(|e| curve_error(py, e))?;
    Ok(PyBytes::new(py, &out))
}

/// Full public-key validation; every rejection is `InvalidPoint`, as `ecsm validate`
/// answers `invalid: …` for each.
#[pyfunction]
fn validate(py: Python<'_>, curve: &str, data: &[u8]) -> PyResult<()> {
    let c = self::curve(py, curve)?;
    c.validate(data)
        .map_err(|e| raise(py, "InvalidPoint", e.to_string()))
}

/// The ECDH shared secret: the x-coordinate of [private]peer.
#[pyfunction]
fn ecdh<'py>(
    py: Python<'py>,
    curve: &str,
    private: &Bound<'py, PyInt>,
    peer: &[u8],
) -> PyResult<Bound<'py, PyBytes>> {
    let c = self::curve(py, curve)?;
    let d = scalar_words("private", private)?;
    let out = py
        .detach(|| c.ecdh(&d, peer))
        .map_err(|e| curve_error(py, e))?;
    Ok(PyBytes::new(py, &out))
}

/// `ecsm count … --json`'s object, as JSON text (the package's `count` parses it).
#[pyfunction]
#[pyo3(signature = (method, *, degree=None, curve=None, shape=None, bits=None,
                    curves=DEFAULT_CURVES, scalars=None, seed=DEFAULT_SEED))]
#[allow(clippy::too_many_arguments)]
fn count_json(
    py: Python<'_>,
    method: &str,
    degree: Option<usize>,
    curve: Option<&str>,
    shape: Option<&str>,
    bits: Option<usize>,
    curves: usize,
    scalars: Option<usize>,
    seed: u64,
) -> PyResult<String> {
    let bad = |msg: &str| raise(py, "InvalidArgument", msg);
    let target = match (degree, curve, shape, bits) {
        (Some(d), None, None, None) => CountTarget::Degree(d),
        (None, Some(name), None, None) => CountTarget::Curve(name),
        (None, None, Some(shape), Some(bits)) => CountTarget::Shape { shape, bits },
        (None, None, Some(_), None) => return Err(bad("shape needs bits (160 or 256)")),
        (_, _, None, Some(_)) => return Err(bad("bits applies to a shape only")),
        (None, None, None, None) => return Err(bad("one of degree, curve or shape is needed")),
        _ => return Err(bad("give one of degree, curve or shape, not several")),
    };
    let req = CountRequest {
        target,
        method,
        curves,
        scalars,
        seed,
    };
    let report = py.detach(|| count_report::count(&req)).map_err(|e| {
        let msg = match &e {
            CountError::Method(_) => format!("method: {e}"),
            CountError::Shape(_) => format!("shape/bits: {e}"),
            CountError::Run(_) => e.to_string(),
        };
        raise(py, "InvalidArgument", msg)
    })?;
    report
        .to_json()
        .map_err(|e| raise(py, "Error", e.to_string()))
}

#[pymodule]
fn _ecsm(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(curves, m)?)?;
    m.add_function(wrap_pyfunction!(methods, m)?)?;
    m.add_function(wrap_pyfunction!(mul, m)?)?;
    m.add_function(wrap_pyfunction!(decompress, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(ecdh, m)?)?;
    m.add_function(wrap_pyfunction!(count_json, m)?)?;
    m.add("MAX_SCALAR_BITS", ecsm::curves::named::MAX_SCALAR_BITS)?;
    Ok(())
}
