//! Method specifications as users type them: `name` or `name:key=value[,key=value…]`,
//! e.g. `double-add`, `naf:w=5`, `x-jsf:t=3`.

use core::fmt;

/// A parsed method specification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodSpec {
    /// The method's name, e.g. `naf`.
    pub name: String,
    /// Its parameters in the order given, e.g. `[("w", 5)]`.
    pub params: Vec<(String, u64)>,
}

/// Why a method specification was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Not of the form `name` or `name:key=value,…`.
    #[error("malformed method spec {0:?} (expected NAME or NAME:KEY=VALUE[,KEY=VALUE])")]
    Malformed(String),
    /// A name this curve does not offer.
    #[error("unknown method {name:?} for {curve} (see `ecsm methods --curve {curve}`)")]
    Unknown {
        /// The method name given.
        name: String,
        /// The curve.
        curve: String,
    },
    /// A method of this curve family that does not apply to this curve.
    #[error("method {name:?} does not apply to {curve}: {reason}")]
    NotApplicable {
        /// The method name given.
        name: String,
        /// The curve.
        curve: String,
        /// What the method needs.
        reason: String,
    },
    /// A parameter the method does not take.
    #[error("method {method} takes no parameter {key:?}")]
    UnknownParam {
        /// The method.
        method: String,
        /// The parameter given.
        key: String,
    },
    /// A parameter value outside the method's range.
    #[error("{method}: {key} must be in {lo}..={hi}, got {value}")]
    OutOfRange {
        /// The method.
        method: String,
        /// The parameter.
        key: String,
        /// Smallest accepted value.
        lo: u64,
        /// Largest accepted value.
        hi: u64,
        /// The value given.
        value: u64,
    },
}

impl core::str::FromStr for MethodSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, SpecError> {
        let bad = || SpecError::Malformed(s.to_string());
        let (name, rest) = match s.split_once(':') {
            Some((n, r)) => (n, Some(r)),
            None => (s, None),
        };
        let name_ok = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !name_ok {
            return Err(bad());
        }
        let mut params = Vec::new();
        if let Some(rest) = rest {
            for kv in rest.split(',') {
                let (k, v) = kv.split_once('=').ok_or_else(bad)?;
                if k.is_empty() || !k.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                    return Err(bad());
                }
                if v.is_empty() || !v.chars().all(|c| c.is_ascii_digit()) {
                    return Err(bad());
                }
                let v: u64 = v.parse().map_err(|_| bad())?;
                if params.iter().any(|(pk, _)| pk == k) {
                    return Err(bad());
                }
                params.push((k.to_string(), v));
            }
        }
        Ok(MethodSpec {
            name: name.to_string(),
            params,
        })
    }
}

impl fmt::Display for MethodSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)?;
        for (i, (k, v)) in self.params.iter().enumerate() {
            write!(f, "{}{k}={v}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

impl MethodSpec {
    /// The value of parameter `key`, or `default`, checked against `lo..=hi`.
    pub fn param(&self, key: &str, default: u64, lo: u64, hi: u64) -> Result<u64, SpecError> {
        let value = self
            .params
            .iter()
            .find(|(k, _)| k == key)
            .map_or(default, |&(_, v)| v);
        if !(lo..=hi).contains(&value) {
            return Err(SpecError::OutOfRange {
                method: self.name.clone(),
                key: key.to_string(),
                lo,
                hi,
                value,
            });
        }
        Ok(value)
    }
    /// Reject parameters other than `allowed`.
    pub fn only_params(&self, allowed: &[&str]) -> Result<(), SpecError> {
        match self
            .params
            .iter()
            .find(|(k, _)| !allowed.contains(&k.as_str()))
        {
            Some((k, _)) => Err(SpecError::UnknownParam {
                method: self.name.clone(),
                key: k.clone(),
            }),
            None => Ok(()),
        }
    }
}
