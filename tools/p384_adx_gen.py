#!/usr/bin/env python3
"""Writes the assembly of `crates/ecsm/src/backend/p384_adx.rs`'s product and square.

`python3 tools/p384_adx_gen.py mul|sqr` prints the template lines that sit between
`core::arch::asm!(` and the operand list. The rows and rounds are the same few lines
with the registers renamed, so loops write them; the module documentation explains one
row of the product and one reduction round. Operands: `{a}`, `{b}` (pointers; after the
product they hold the constants C0 and C1), `{s}` (pointer to a 12-word scratch array),
`{lo}`, `{hi}`, the registers `{t0}`…`{t6}` (product) or `{x0}`…`{x6}` and `{c1}`
(square); RDX is MULX's implicit operand. The result is left in `{t0}`…`{t5}` or
`{x0}`…`{x5}`, low word first.
"""
import sys

# c' = 2^384 − p = 2^128 + 2^96 − 2^32 + 1 = C0 + C1·2^64 + 2^128.
C0 = "0xffffffff00000001"  # 2^64 − 2^32 + 1
C1 = "0xffffffff"  # 2^32 − 1


def low32(reg):
    """`{r}` -> `{r:e}`, the 32-bit name (XOR on it zeroes the register and the flags)."""
    return reg[:-1] + ":e}"


def reduction_round(e, W, x, c0, c1):
    """One Montgomery step on w = W[0] + W[1]·2^64 + … + W[5]·2^320 < 2^384:
    w <- (w + m·p)/2^64 with m = w_0·(2^32 + 1) mod 2^64, which stays below 2^384.
    m·p = m·2^384 − m·c', and m·c' = A + B·2^64 + m·2^128 with A = m·C0, B = m·C1.
    A's low word equals w_0 (m·C0 ≡ w_0(1 + 2^32)(1 − 2^32) ≡ w_0), so word 0 cancels
    with no borrow; words 1–3 take u1 = A_hi + B_lo, u2 = B_hi + m + carry and u3 the
    last carry, the borrow runs through words 4 and 5, and the new top word is m minus
    that borrow (never negative: a borrow needs m·c' > 0). Returns the new order of W."""
    e(f"mov rdx, {W[0]}")
    e("shl rdx, 32")
    e(f"add rdx, {W[0]}")
    e(f"mulx {{hi}}, {{lo}}, {c0}")
    e(f"mulx {x}, {{lo}}, {c1}")
    e("add {hi}, {lo}")
    e(f"mov {W[0]}, rdx")
    e(f"adc {x}, rdx")
    e("mov {lo}, 0")
    e("adc {lo}, 0")
    e(f"sub {W[1]}, {{hi}}")
    e(f"sbb {W[2]}, {x}")
    e(f"sbb {W[3]}, {{lo}}")
    e(f"sbb {W[4]}, 0")
    e(f"sbb {W[5]}, 0")
    e(f"sbb {W[0]}, 0")
    return W[1:] + W[:1]


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


def reduce_and_finish(e, W, x, c0, c1):
    """W: the low half L of the 768-bit product, in registers; words 6–11 (the high
    half H) at `{s}` + 48…88. Six rounds make W = (L + M·p)/2^384 ≤ p; then W + H < 2p
    (H < p since the product is below p²) and one subtraction of p."""
    e(f"mov {c0}, {C0}")
    e(f"mov {c1}, {C1}")
    for _ in range(6):
        W = reduction_round(e, W, x, c0, c1)
    e(f"xor {low32(x)}, {low32(x)}")
    e(f"add {W[0]}, qword ptr [{{s}} + 48]")
    for k in range(1, 6):
        e(f"adc {W[k]}, qword ptr [{{s}} + {48 + 8 * k}]")
    e(f"adc {x}, 0")
    subtract_p_once(e, W + [x])
    return W


def mul(e):
    # Row i adds a·b_i into words i…i+6, word k in t[k % 7]; word i is final after
    # row i and goes to the scratch array, freeing its register for word i + 7.
    pool = ["{t%d}" % i for i in range(7)]

    def t(k):
        return pool[k % 7]
    e("mov rdx, qword ptr [{b}]")
    e(f"mulx {t(1)}, {t(0)}, qword ptr [{{a}}]")
    for k in range(1, 6):
        e(f"mulx {t(k + 1)}, {{lo}}, qword ptr [{{a}} + {8 * k}]")
        e(f"{'add' if k == 1 else 'adc'} {t(k)}, {{lo}}")
    e(f"adc {t(6)}, 0")
    e(f"mov qword ptr [{{s}}], {t(0)}")
    for i in range(1, 6):
        top = t(i + 6)
        e(f"mov rdx, qword ptr [{{b}} + {8 * i}]")
        e(f"xor {low32(top)}, {low32(top)}")
        for k in range(6):
            e(f"mulx {{hi}}, {{lo}}, qword ptr [{{a}}{' + %d' % (8 * k) if k else ''}]")
            e(f"adcx {t(i + k)}, {{lo}}")
            e(f"adox {t(i + k + 1)}, {{hi}}")
        # The OF chain ends in the top word, which cannot overflow (the partial sum is
        # below 2^(64(i + 7))); MOV keeps the flags for the last CF.
        e("mov {lo}, 0")
        e(f"adcx {top}, {{lo}}")
        if i < 5:
            e(f"mov qword ptr [{{s}} + {8 * i}], {t(i)}")
    for k in range(6, 12):
        e(f"mov qword ptr [{{s}} + {8 * k}], {t(k)}")
    for k in range(5):
        e(f"mov {t(k)}, qword ptr [{{s}} + {8 * k}]")
    return reduce_and_finish(e, [t(k) for k in range(6)], t(6), "{a}", "{b}")


def sqr(e):
    pool = ["{x%d}" % i for i in range(7)]

    def t(k):
        return pool[k % 7]
    # Phase 1: the cross products a_i·a_j (i < j), row i at a time; after row i no later
    # row adds to words up to 2i + 2, so they go to the scratch array.
    e("mov rdx, qword ptr [{a}]")
    e(f"mulx {t(2)}, {t(1)}, qword ptr [{{a}} + 8]")
    for j in range(2, 6):
        e(f"mulx {t(j + 1)}, {{lo}}, qword ptr [{{a}} + {8 * j}]")
        e(f"{'add' if j == 2 else 'adc'} {t(j)}, {{lo}}")
    e(f"adc {t(6)}, 0")
    for i in range(1, 5):
        top = i + 6
        e(f"mov rdx, qword ptr [{{a}} + {8 * i}]")
        e(f"xor {low32(t(top))}, {low32(t(top))}")
        for j in range(i + 1, 6):
            e(f"mulx {{hi}}, {{lo}}, qword ptr [{{a}} + {8 * j}]")
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
    # Phase 3: the reduction ({a} is free now and holds C0).
    return reduce_and_finish(e, u, tmp, "{a}", "{c1}")


if __name__ == "__main__":
    lines = []
    {"mul": mul, "sqr": sqr}[sys.argv[1]](lines.append)
    for line in lines:
        print(f'                "{line}",')
