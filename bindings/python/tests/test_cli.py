"""The binding against the `ecsm` command built from this workspace: the same curves,
methods, bytes, rejections and counts."""

import json

import pytest

import ecsm

K = 0x3C2A9F0E5B71D4C8E6A0F19B2D7C5E3A1F0B9D8C7E6F5A4B3C2D1E0F9A8B7C6D5E4F


def python_outcome(call):
    try:
        return "ok", call().hex()
    except ecsm.Error as e:
        return "error", str(e)


def test_curves_and_methods(cli):
    names = [line.split()[0] for line in cli.run("curves").splitlines()]
    assert ecsm.curves() == names
    for name in names:
        assert ecsm.methods(name) == cli.run("methods", "--curve", name).splitlines()


@pytest.mark.parametrize("name", ecsm.curves())
def test_mul_matches_the_cli(cli, name):
    k = hex(K)[2:]
    assert ecsm.mul(name, K) == cli.hex("mul", "--curve", name, "--scalar", k)
    point = ecsm.mul(name, 12345)
    for compressed in (False, True):
        flag = ["--compressed"] if compressed else []
        for method in ecsm.methods(name):
            args = ["mul", "--curve", name, "--scalar", k, "--point", point.hex()]
            got = python_outcome(
                lambda: ecsm.mul(name, K, point, method=method, compressed=compressed)
            )
            assert got == cli.outcome(*args, "--method", method, *flag), method


@pytest.mark.parametrize("name", ecsm.curves())
def test_points_and_ecdh_match_the_cli(cli, name):
    public = ecsm.mul(name, 0xC0FFEE)
    encodings = [public, public[:-1], b"\x05" + public[1:], b"\x00"]
    encodings.append(public[:-1] + bytes([public[-1] ^ 1]))
    try:
        encodings.append(ecsm.mul(name, 0xC0FFEE, compressed=True))
    except ecsm.Error:
        pass
    for data in encodings:
        assert python_outcome(lambda: ecsm.decompress(name, data)) == cli.outcome(
            "decompress", "--curve", name, data.hex()
        )
        status, text = cli.outcome("validate", "--curve", name, data.hex())
        if status == "ok":
            assert ecsm.validate(name, data) is None
        else:
            with pytest.raises(ecsm.InvalidPoint) as caught:
                ecsm.validate(name, data)
            assert cli.run("validate", "--curve", name, data.hex(), ok=False) == (
                f"invalid: {caught.value}"
            )
        for d in (0x1D, 0):
            got = python_outcome(lambda: ecsm.ecdh(name, d, data))
            want = cli.outcome(
                "ecdh", "--curve", name, "--private", hex(d)[2:], "--peer", data.hex()
            )
            assert got == want, (data.hex(), d)


COUNTS = [
    (["--degree", "163", "--method", "x-jsf2", "--curves", "1", "--scalars", "2"],
     dict(method="x-jsf2", degree=163, curves=1, scalars=2)),
    (["--degree", "233", "--method", "x-jsf2", "--scalars", "2"],
     dict(method="x-jsf2", degree=233, scalars=2)),
    (["--curve", "sect233k1", "--method", "x-jsf2", "--curves", "2", "--scalars", "2",
      "--seed", "7"],
     dict(method="x-jsf2", curve="sect233k1", curves=2, scalars=2, seed=7)),
    (["--curve", "gls254", "--method", "lambda-halve-add", "--scalars", "3"],
     dict(method="lambda-halve-add", curve="gls254", scalars=3)),
    (["--shape", "jacobian", "--bits", "160", "--method", "naf:w=4", "--scalars", "5"],
     dict(method="naf:w=4", shape="jacobian", bits=160, scalars=5)),
    (["--shape", "edwards", "--bits", "256", "--method", "db-chain:b=128,t=81",
      "--scalars", "3", "--seed", "9"],
     dict(method="db-chain:b=128,t=81", shape="edwards", bits=256, scalars=3, seed=9)),
]


@pytest.mark.parametrize("args,kwargs", COUNTS, ids=[" ".join(a[:2]) for a, _ in COUNTS])
def test_count_matches_the_cli_json(cli, args, kwargs):
    want = json.loads(cli.run("count", *args, "--json"))
    got = ecsm.count(kwargs.pop("method"), **kwargs)
    assert got == want
    assert list(got) == list(want)
