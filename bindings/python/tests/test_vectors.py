"""The binding against the known-answer vectors in crates/ecsm-suite/tests/data: OpenSSL's keys
and shared secrets for the prime and binary curves, crrl's multiples of G on gls254."""

import pytest

import ecsm
from conftest import read_data


def openssl_vectors(name):
    """Per curve: two key pairs (d, q uncompressed, qc compressed) and their secret."""
    cases, cur = [], None
    for line in read_data(name).splitlines():
        if not line or line.startswith("#"):
            continue
        key, value = line.split()
        if key == "curve":
            cur = {"curve": value, "keys": []}
            cases.append(cur)
        elif key == "d":
            cur["keys"].append({"d": int(value, 16)})
        elif key in ("q", "qc"):
            cur["keys"][-1][key] = bytes.fromhex(value)
        elif key == "secret":
            cur["secret"] = bytes.fromhex(value)
    return cases


OPENSSL = openssl_vectors("openssl_prime_vectors.txt") + openssl_vectors(
    "openssl_binary_vectors.txt"
)


def test_the_vector_files_were_read():
    assert len(OPENSSL) == 50
    assert all(len(c["keys"]) == 2 for c in OPENSSL)
    # Every curve but SM2 has a shared secret (the generator script's OpenSSL derives none).
    assert [c["curve"] for c in OPENSSL if "secret" not in c] == ["SM2"]


@pytest.mark.parametrize("case", OPENSSL, ids=[c["curve"] for c in OPENSSL])
def test_openssl_keys_and_secrets(case):
    curve = case["curve"]
    first, second = case["keys"]
    for key in (first, second):
        assert ecsm.mul(curve, key["d"]) == key["q"]
        assert ecsm.mul(curve, key["d"], compressed=True) == key["qc"]
        assert ecsm.decompress(curve, key["qc"]) == key["q"]
        assert ecsm.validate(curve, key["q"]) is None
        assert ecsm.validate(curve, key["qc"]) is None
    secret = case.get("secret")
    if secret is not None:
        assert ecsm.ecdh(curve, first["d"], second["q"]) == secret
        assert ecsm.ecdh(curve, second["d"], first["qc"]) == secret


def gls_vectors():
    rows = []
    for line in read_data("gls254_crrl_vectors.txt").splitlines():
        if line and not line.startswith("#"):
            k, point = line.split()
            rows.append((int(k), bytes.fromhex(point)))
    return rows


def test_gls254_against_crrl():
    rows = gls_vectors()
    assert len(rows) > 40
    for method in ecsm.methods("gls254"):
        for k, point in rows[::5]:
            assert ecsm.mul("gls254", k, method=method) == point, (method, k)
    for k, point in rows:
        assert ecsm.mul("gls254", k) == point, k
