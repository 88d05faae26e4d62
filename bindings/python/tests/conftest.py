"""Shared fixtures: the repository's root and the `ecsm` command built from it."""

import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _find_cli():
    given = os.environ.get("ECSM_BIN")
    if given:
        if not shutil.which(given):
            pytest.exit(f"ECSM_BIN={given} is not an executable", returncode=2)
        return given
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "ecsm"
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return None


class Cli:
    """Runs the `ecsm` command and returns its stdout, stripped."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, ok=True):
        done = subprocess.run(
            [self.path, *args], capture_output=True, text=True, timeout=300
        )
        if ok and done.returncode != 0:
            raise AssertionError(f"ecsm {' '.join(args)} failed: {done.stderr}")
        return done.stdout.strip()

    def hex(self, *args):
        return bytes.fromhex(self.run(*args))

    def outcome(self, *args):
        """("ok", stdout) on success, ("error", message) when the command rejects the
        request (exit 1, `error: …` on stderr)."""
        done = subprocess.run(
            [self.path, *args], capture_output=True, text=True, timeout=300
        )
        if done.returncode == 0:
            return "ok", done.stdout.strip()
        assert done.returncode == 1, f"ecsm {' '.join(args)}: {done.stderr}"
        message = done.stderr.strip()
        return "error", message[len("error: "):] if message.startswith("error: ") else message


@pytest.fixture(scope="session")
def cli():
    path = _find_cli()
    if path is None:
        pytest.skip(
            "the ecsm command is not built: run `cargo build --release --workspace` "
            "(or set ECSM_BIN) to compare the binding with it"
        )
    return Cli(path)


def read_data(name):
    """A known-answer file of the library's tests, by its name under crates/ecsm-suite/tests/data."""
    return (ROOT / "crates" / "ecsm-suite" / "tests" / "data" / name).read_text()
