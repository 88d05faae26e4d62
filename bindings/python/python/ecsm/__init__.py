"""Elliptic-curve scalar multiplication, point validation, ECDH and operation counts.

Every function answers what the ``ecsm`` command answers for the same request: ``mul``
returns the bytes whose hex ``ecsm mul`` prints, ``count`` the object ``ecsm count --json``
prints.
"""

import json as _json

from ._ecsm import (
    MAX_SCALAR_BITS,
    curves,
    decompress,
    ecdh,
    methods,
    mul,
    validate,
)
from ._ecsm import count_json as _count_json
from ._errors import Error, InvalidArgument, InvalidPoint, InvalidScalar

__all__ = [
    "MAX_SCALAR_BITS",
    "Error",
    "InvalidArgument",
    "InvalidPoint",
    "InvalidScalar",
    "count",
    "curves",
    "decompress",
    "ecdh",
    "methods",
    "mul",
    "validate",
]


def count(method, **options):
    """Average operation counts of one method, as ``ecsm count ... --json``: give exactly
    one of ``degree`` (seed 000's random binary curves), ``curve`` (a named binary or GLS
    curve) or ``shape`` with ``bits`` (seed 002); ``curves``, ``scalars`` and ``seed``
    default to the CLI's defaults."""
    # The library builds the CLI's JSON line; parsing that very text keeps the keys, their
    # order and the float values identical to the command's.
    return _json.loads(_count_json(method, **options))
