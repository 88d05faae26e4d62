"""Bad input raises an `ecsm.Error` with the library's message and never panics (a Rust
panic would surface as pyo3's PanicException, which `pytest.raises(ecsm.Error)` does not
catch)."""

import random

import pytest

import ecsm


def test_the_exception_classes():
    for cls in (ecsm.InvalidArgument, ecsm.InvalidPoint, ecsm.InvalidScalar):
        assert issubclass(cls, ecsm.Error) and issubclass(cls, ValueError)


def test_unknown_curve():
    for call in (
        lambda: ecsm.methods("P-999"),
        lambda: ecsm.mul("P-999", 1),
        lambda: ecsm.decompress("nope", b"\x00"),
        lambda: ecsm.validate("nope", b"\x00"),
        lambda: ecsm.ecdh("nope", 1, b"\x00"),
    ):
        with pytest.raises(ecsm.InvalidArgument, match="unknown curve"):
            call()


def test_aliases_are_accepted():
    assert ecsm.mul("prime256v1", 5) == ecsm.mul("P-256", 5) == ecsm.mul("secp256r1", 5)


def test_unknown_and_malformed_methods():
    with pytest.raises(ecsm.InvalidArgument, match="unknown method"):
        ecsm.mul("P-256", 5, method="no-such-method")
    with pytest.raises(ecsm.InvalidArgument, match="malformed method spec"):
        ecsm.mul("P-256", 5, method="naf:w")
    with pytest.raises(ecsm.InvalidArgument):
        ecsm.mul("P-256", 5, method="naf:w=99")


def test_scalar_range():
    top = ecsm.MAX_SCALAR_BITS
    assert top == 4096
    ecsm.mul("P-256", (1 << top) - 1)
    with pytest.raises(ecsm.InvalidScalar, match=f"{top + 1} bits is longer than the {top}-bit"):
        ecsm.mul("P-256", 1 << top)
    with pytest.raises(ecsm.InvalidScalar, match="non-negative"):
        ecsm.mul("P-256", -1)
    with pytest.raises(TypeError):
        ecsm.mul("P-256", 1.5)
    assert ecsm.mul("P-256", 0) == b"\x00"
    with pytest.raises(ecsm.InvalidScalar):
        ecsm.mul("P-256", 1 << 100000)


def test_bad_points():
    g = ecsm.mul("P-256", 1)
    with pytest.raises(ecsm.InvalidPoint, match="empty point encoding"):
        ecsm.decompress("P-256", b"")
    with pytest.raises(ecsm.InvalidPoint, match="unknown point-encoding prefix 0x05"):
        ecsm.mul("P-256", 3, point=b"\x05" + g[1:])
    with pytest.raises(ecsm.InvalidPoint, match="takes 65 bytes"):
        ecsm.validate("P-256", g[:-1])
    with pytest.raises(ecsm.InvalidPoint, match="not on the curve"):
        ecsm.validate("P-256", g[:-1] + bytes([g[-1] ^ 1]))
    with pytest.raises(ecsm.InvalidPoint, match="infinity"):
        ecsm.validate("P-256", b"\x00")
    with pytest.raises(TypeError):
        ecsm.validate("P-256", "04ab")


def test_ecdh_private_key_range():
    peer = ecsm.mul("P-256", 7)
    for d in (0, 1 << 256, 1 << 5000):
        with pytest.raises(ecsm.InvalidScalar):
            ecsm.ecdh("P-256", d, peer)
    with pytest.raises(ecsm.InvalidScalar, match="non-negative"):
        ecsm.ecdh("P-256", -3, peer)
    with pytest.raises(ecsm.InvalidPoint):
        ecsm.ecdh("P-256", 3, b"\x00")
    assert ecsm.ecdh("P-256", 3, peer) == ecsm.ecdh("P-256", 7, ecsm.mul("P-256", 3))


def test_random_bytes_never_panic():
    rng = random.Random(254)
    for name in ecsm.curves():
        g = ecsm.mul(name, 1)
        for _ in range(20):
            n = rng.choice([0, 1, len(g) // 2 + 1, len(g) - 1, len(g), len(g) + 1])
            data = bytes(rng.getrandbits(8) for _ in range(n))
            if data and rng.random() < 0.7:
                data = bytes([rng.choice([0, 2, 3, 4, 6])]) + data[1:]
            for call in (
                lambda: ecsm.decompress(name, data),
                lambda: ecsm.validate(name, data),
                lambda: ecsm.mul(name, 0xABCDEF, point=data),
                lambda: ecsm.ecdh(name, 0xABCDEF, data),
            ):
                try:
                    call()
                except ecsm.Error:
                    pass


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(), "one of degree, curve or shape"),
        (dict(degree=163, curve="sect163k1"), "not several"),
        (dict(shape="jacobian"), "shape needs bits"),
        (dict(degree=163, bits=160), "bits applies to a shape only"),
        (dict(degree=100), "no binary field of degree 100"),
        (dict(curve="P-256"), "P-256"),
        (dict(shape="circle", bits=160), "unknown shape"),
        (dict(shape="jacobian", bits=128), "no 128-bit curve"),
        (dict(degree=163, scalars=0), "at least 1"),
    ],
)
def test_count_rejections(kwargs, message):
    with pytest.raises(ecsm.InvalidArgument, match=message):
        ecsm.count("x-jsf2" if "shape" not in kwargs else "naf:w=4", **kwargs)


def test_count_bad_methods():
    with pytest.raises(ecsm.InvalidArgument, match="^method: "):
        ecsm.count("naf:w", degree=163)
    with pytest.raises(ecsm.InvalidArgument, match="^method: "):
        ecsm.count("no-such-method", degree=163)
    with pytest.raises(ecsm.InvalidArgument, match="^method: "):
        ecsm.count("no-such-method", shape="jacobian", bits=160)
    with pytest.raises(OverflowError):
        ecsm.count("x-jsf2", degree=163, curves=-1)
