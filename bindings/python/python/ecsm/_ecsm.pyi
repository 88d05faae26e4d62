from typing import List, Optional

MAX_SCALAR_BITS: int

def curves() -> List[str]: ...
def methods(curve: str) -> List[str]: ...
def mul(
    curve: str,
    scalar: int,
    point: Optional[bytes] = None,
    method: Optional[str] = None,
    compressed: bool = False,
) -> bytes: ...
def decompress(curve: str, data: bytes) -> bytes: ...
def validate(curve: str, data: bytes) -> None: ...
def ecdh(curve: str, private: int, peer: bytes) -> bytes: ...
def count_json(
    method: str,
    *,
    degree: Optional[int] = None,
    curve: Optional[str] = None,
    shape: Optional[str] = None,
    bits: Optional[int] = None,
    curves: int = 4,
    scalars: Optional[int] = None,
    seed: int = 1,
) -> str: ...
