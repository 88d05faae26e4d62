from typing import Any, Dict, Optional

from ._ecsm import MAX_SCALAR_BITS as MAX_SCALAR_BITS
from ._ecsm import curves as curves
from ._ecsm import decompress as decompress
from ._ecsm import ecdh as ecdh
from ._ecsm import methods as methods
from ._ecsm import mul as mul
from ._ecsm import validate as validate
from ._errors import Error as Error
from ._errors import InvalidArgument as InvalidArgument
from ._errors import InvalidPoint as InvalidPoint
from ._errors import InvalidScalar as InvalidScalar

def count(
    method: str,
    *,
    degree: Optional[int] = None,
    curve: Optional[str] = None,
    shape: Optional[str] = None,
    bits: Optional[int] = None,
    curves: int = 4,
    scalars: Optional[int] = None,
    seed: int = 1,
) -> Dict[str, Any]: ...
