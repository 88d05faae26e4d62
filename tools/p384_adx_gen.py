#!/usr/bin/env python3
"""Writes the assembly of `crates/ecsm/src/backend/p384_adx.rs`'s product and square.

`python3 tools/p384_adx_gen.py mul|sqr|sqr-lazy|reduce-once` prints the template lines that sit between
`core::arch::asm!(` and the operand list. The rows and rounds are the same few lines
with the registers renamed, so loops write them; the module documentation explains one
row and one reduction round. Operands: `{a}`, `{b}` (pointers), `{lo}`, `{hi}` and the
accumulator `{t0}`…`{t7}` (product; the result in t6, t7, t0, t1, t2, t3); `{a}`,
`{s}` (pointer to a 12-word scratch array), `{lo}`, `{hi}` and `{x0}`…`{x6}` (square;
the result is in `{x0}`…`{x5}`). RDX is MULX's implicit operand, and holds m in the
reduction rounds.
"""
import sys

# c' = 2^384 − p = 2^128 + 2^96 − 2^32 + 1.


def mulx_mem(e, hi, lo, mem):
    """hi:lo = RDX·[mem], the word loaded by MOV into hi first: a MULX memory operand
    that reads a word just stored waits for store-to-load forwarding (9 cycles on the
    Zen 4 of stop 52, against 3 with the MOV, which the core renames)."""
    e(f"mov {hi}, qword ptr {mem}")
    e(f"mulx {hi}, {lo}, {hi}")


def low32(reg):
    """`{r}` -> `{r:e}`, the 32-bit name (XOR on it zeroes the register and the flags)."""
    return reg[:-1] + ":e}"


def m_and_v(e, w0, x):
    """m = w_0·(2^32 + 1) mod 2^64 in RDX, and the three words of (m·c' − w_0)/2^64 in
    `{hi}`, `x` and `{lo}`, by shifts and additions (no MULX); `x` may be w_0's register.

    With s = (m·2^32) mod 2^64 and h = ⌊m/2^32⌋, m·2^32 = s + h·2^64, so
    m·c' = m·2^128 + m·2^96 − m·2^32 + m = (m − s) + (s − h)·2^64 + (h + m)·2^128.
    Since m = w_0 + s mod 2^64, m − s = w_0 − b·2^64 with b the carry of w_0 + s, hence
    (m·c' − w_0)/2^64 = (s − h − b) + (h + m)·2^64. Both s and h come from w_0 alone:
    s = w_0·2^32 mod 2^64 (the 2^64 term of m·2^32 vanishes) and h = (w_0 mod 2^32 +
    ⌊w_0/2^32⌋) mod 2^32, the high half of m. So the next round's w_0 waits for four
    one-cycle steps (s and h, m with b, s − h − b, the subtraction from w_1) where the
    two MULX of the form before stop 49 put eight on that path. h + m − c never borrows,
    for c = 1 needs s − h − b < 0, so w_0 ≠ 0 and m ≠ 0 (2^32 + 1 is odd)."""
    e(f"mov {{lo}}, {w0}")
    e("shr {lo}, 32")
    e(f"add {{lo:e}}, {low32(w0)}")
    e(f"mov {{hi}}, {w0}")
    e("shl {hi}, 32")
    e("mov rdx, {hi}")
    e(f"add rdx, {w0}")
    e("sbb {hi}, {lo}")
    e(f"mov {x}, rdx")
    e(f"sbb {x}, 0")
    e(f"add {x}, {{lo}}")
    e("mov {lo}, 0")
    e("adc {lo}, 0")


def reduction_round(e, W, x):
    """One Montgomery step on w = W[0] + W[1]·2^64 + … + W[5]·2^320 < 2^384:
    w <- (w + m·p)/2^64 = (w − m·c')/2^64 + m·2^320, which stays below 2^384. Words
    1–3 lose (m·c' − w_0)/2^64, the borrow runs through words 4 and 5, and the new top
    word is m minus that borrow (never negative: a borrow needs m·c' > 0, so m ≥ 1).
    Returns the new order of W."""
    m_and_v(e, W[0], x)
    e(f"mov {W[0]}, rdx")
    e(f"sub {W[1]}, {{hi}}")
    e(f"sbb {W[2]}, {x}")
    e(f"sbb {W[3]}, {{lo}}")
    e(f"sbb {W[4]}, 0")
    e(f"sbb {W[5]}, 0")
    e(f"sbb {W[0]}, 0")
    return W[1:] + W[:1]


def accumulator_round(e, A):
    """The same step on the product's eight-word accumulator A(0)…A(7) (value below
    2^449): words 1–3 lose (m·c' − w_0)/2^64, the borrow runs to word 7, and m goes into
    word 6 with its carry into word 7. Arithmetic modulo 2^512 is exact here, since the
    true result (A + m·p)/2^64 is positive and below 2p·2^64. A(0)'s register is spent."""
    m_and_v(e, A(0), A(0))
    e(f"sub {A(1)}, {{hi}}")
    e(f"sbb {A(2)}, {A(0)}")
    e(f"sbb {A(3)}, {{lo}}")
    for k in (4, 5, 6, 7):
        e(f"sbb {A(k)}, 0")
    e(f"add {A(6)}, rdx")
    e(f"adc {A(7)}, 0")


def subtract_p_once(e, T):
    """T[0..5] + 2^384·T[6] < 2p: subtract p, and add it back under the borrow mask."""
    e("mov {lo}, 0xffffffff")
    e("mov {hi}, 0xffffffff00000000")
    e(f"sub {T[0]}, {{lo}}")
    e(f"sbb {T[1]}, {{hi}}")
    e(f"sbb {T[2]}, -2")
    for k in (3, 4, 5):
        e(f"sbb {T[k]}, -1")
    e(f"sbb {T[6]}, 0")
    e(f"mov {{lo}}, {T[6]}")
    e("shr {lo}, 32")
    e(f"mov {{hi}}, {T[6]}")
    e("shl {hi}, 32")
    e(f"mov rdx, {T[6]}")
    e("add rdx, rdx")
    e(f"add {T[0]}, {{lo}}")
    e(f"adc {T[1]}, {{hi}}")
    e(f"adc {T[2]}, rdx")
    for k in (3, 4, 5):
        e(f"adc {T[k]}, {T[6]}")


def fold_carry(e, T):
    """The lazy end of a run's square: T[0..5] + 2^384·T[6] < 2^384 + p with T[6] = c in
    {0, 1}; c·c' (2^384 ≡ c') is added in place of the carry: words c·(2^64 − 2^32 + 1),
    c·(2^32 − 1), c, from the mask −c. The sum stays below 2^384."""
    e(f"mov rdx, {T[6]}")
    e("neg rdx")
    e("mov {lo}, rdx")
    e("shr {lo}, 32")
    e("mov {hi}, 0xffffffff00000001")
    e("and {hi}, rdx")
    e(f"add {T[0]}, {{hi}}")
    e(f"adc {T[1]}, {{lo}}")
    e(f"adc {T[2]}, {T[6]}")
    for k in (3, 4, 5):
        e(f"adc {T[k]}, 0")


END = {"canonical": subtract_p_once, "lazy": fold_carry}


def reduce_and_finish(e, W, x, end="canonical"):
    """W: the low half L of the 768-bit product, in registers; words 6–11 (the high
    half H) at `{s}` + 48…88. Six rounds make W = (L + M·p)/2^384 ≤ p; then W + H < 2p
    (H < p since the product is below p²) and one subtraction of p."""
    for _ in range(6):
        W = reduction_round(e, W, x)
    e(f"xor {low32(x)}, {low32(x)}")
    e(f"add {W[0]}, qword ptr [{{s}} + 48]")
    for k in range(1, 6):
        e(f"adc {W[k]}, qword ptr [{{s}} + {48 + 8 * k}]")
    e(f"adc {x}, 0")
    END[end](e, W + [x])
    return W


def mul(e):
    # Round i keeps accumulator word k in t[(i + k) % 8]; the register of the word a
    # round clears becomes the next round's top word (zeroed by the row's XOR).
    def acc(i):
        return lambda k: "{t%d}" % ((i + k) % 8)
    A = acc(0)
    e("mov rdx, qword ptr [{b}]")
    mulx_mem(e, f"{A(1)}", f"{A(0)}", f"[{{a}}]")
    for k in range(1, 6):
        mulx_mem(e, f"{A(k + 1)}", f"{{lo}}", f"[{{a}} + {8 * k}]")
        e(f"{'add' if k == 1 else 'adc'} {A(k)}, {{lo}}")
    e(f"adc {A(6)}, 0")
    e(f"xor {low32(A(7))}, {low32(A(7))}")
    accumulator_round(e, A)
    for i in range(1, 6):
        A = acc(i)
        e(f"mov rdx, qword ptr [{{b}} + {8 * i}]")
        e(f"xor {low32(A(7))}, {low32(A(7))}")
        for k in range(6):
            mulx_mem(e, f"{{hi}}", f"{{lo}}", f"[{{a}}{' + %d' % (8 * k) if k else ''}]")
            e(f"adcx {A(k)}, {{lo}}")
            e(f"adox {A(k + 1)}, {{hi}}")
        e("mov {lo}, 0")
        e(f"adcx {A(6)}, {{lo}}")
        e(f"adox {A(7)}, {{lo}}")
        e(f"adcx {A(7)}, {{lo}}")
        accumulator_round(e, A)
    subtract_p_once(e, [acc(6)(k) for k in range(7)])


def sqr(e, end="canonical"):
    pool = ["{x%d}" % i for i in range(7)]

    def t(k):
        return pool[k % 7]
    # Phase 1: the cross products a_i·a_j (i < j), row i at a time; after row i no later
    # row adds to words up to 2i + 2, so they go to the scratch array.
    e("mov rdx, qword ptr [{a}]")
    mulx_mem(e, f"{t(2)}", f"{t(1)}", f"[{{a}} + 8]")
    for j in range(2, 6):
        mulx_mem(e, f"{t(j + 1)}", f"{{lo}}", f"[{{a}} + {8 * j}]")
        e(f"{'add' if j == 2 else 'adc'} {t(j)}, {{lo}}")
    e(f"adc {t(6)}, 0")
    for i in range(1, 5):
        top = i + 6
        e(f"mov rdx, qword ptr [{{a}} + {8 * i}]")
        e(f"xor {low32(t(top))}, {low32(t(top))}")
        for j in range(i + 1, 6):
            mulx_mem(e, f"{{hi}}", f"{{lo}}", f"[{{a}} + {8 * j}]")
            e(f"adcx {t(i + j)}, {{lo}}")
            e(f"adox {t(i + j + 1)}, {{hi}}")
        e("mov {lo}, 0")
        e(f"adcx {t(top)}, {{lo}}")
        for k in (2 * i - 1, 2 * i):
            e(f"mov qword ptr [{{s}} + {8 * k}], {t(k)}")
    for k in (9, 10):
        e(f"mov qword ptr [{{s}} + {8 * k}], {t(k)}")
    # Phase 2: word k = 2·cross_k + (a_{k/2}²)'s half, ADCX doubling and ADOX adding;
    # words 0..5 stay in registers, 6..11 go back to the scratch array.
    u, tmp = pool[:6], pool[6]
    e("xor {lo:e}, {lo:e}")
    for i in range(6):
        e(f"mov rdx, qword ptr [{{a}} + {8 * i}]")
        e(f"mulx {{hi}}, {u[0] if i == 0 else '{lo}'}, rdx")
        for k, d in ((2 * i, "{lo}"), (2 * i + 1, "{hi}")):
            if k == 0:
                continue
            r = u[k] if k < 6 else tmp
            e(f"mov {r}, 0" if k == 11 else f"mov {r}, qword ptr [{{s}} + {8 * k}]")
            e(f"adcx {r}, {r}")
            e(f"adox {r}, {d}")
            if k >= 6:
                e(f"mov qword ptr [{{s}} + {8 * k}], {r}")
    # Phase 3: the reduction.
    return reduce_and_finish(e, u, tmp, end)


if __name__ == "__main__":
    lines = []
    what = sys.argv[1]
    if what == "sqr-lazy":
        sqr(lines.append, "lazy")
    elif what == "reduce-once":
        subtract_p_once(lines.append, ["{r%d}" % k for k in range(6)] + ["{z}"])
    else:
        {"mul": mul, "sqr": sqr}[what](lines.append)
    for line in lines:
        print(f'                "{line}",')
