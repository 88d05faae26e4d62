"""The exceptions of ecsm, raised by its native module with the library's messages."""


class Error(Exception):
    """Base class of every error ecsm raises."""


class InvalidArgument(Error, ValueError):
    """An unknown curve, method or shape, or a malformed or inapplicable argument."""


class InvalidPoint(Error, ValueError):
    """A point encoding the curve rejects (malformed, off the curve, outside the subgroup,
    or the point at infinity where a public key is required)."""


class InvalidScalar(Error, ValueError):
    """A negative scalar, one above the length limit, or an ECDH private key outside
    [1, n - 1]."""
