#!/usr/bin/env python3
"""Writes the assembly of `crates/ecsm/src/backend/p384_adx.rs`'s product and square.

`python3 tools/p384_adx_gen.py mul|sqr` prints the template lines that sit between
`core::arch::asm!(` and the operand list. The rounds are the same few lines with the
accumulator registers renamed, so loops write them; the module documentation explains
one round of each. Operands: `{a}`, `{b}` (pointers), `{s}` (scratch pointer, square
only), `{lo}`, `{hi}` and the accumulator registers `{t0}`…`{t7}` (product) or
`{x0}`…`{x6}` (square); RDX is MULX's implicit operand.
"""
import sys

# p's words 0..2 as immediates; words 3..5 are all ones (one MULX by -1 serves all three).
P_LOW = ["0xffffffff", "0xffffffff00000000", "-2"]


def low32(reg):
    """`{r}` -> `{r:e}`, the 32-bit name (XOR on it zeroes the register and the flags)."""
    return reg[:-1] + ":e}"


def reduction_round(e, A, clear="{lo}"):
    """acc += m·p with m = A(0)·(2^32 + 1) mod 2^64, which clears A(0); A(k) is the
    register of accumulator word k, A(7) zero on entry or `clear`, which is zeroed
    (with the flags) before the chains start."""
    e(f"mov rdx, {A(0)}")
    e("shl rdx, 32")
    e(f"add rdx, {A(0)}")
    e(f"xor {low32(clear)}, {low32(clear)}")
    for k in range(3):
        e(f"mov {{lo}}, {P_LOW[k]}")
        e("mulx {hi}, {lo}, {lo}")
        e(f"adcx {A(k)}, {{lo}}")
        e(f"adox {A(k + 1)}, {{hi}}")
    e("mov {lo}, -1")
    e("mulx {hi}, {lo}, {lo}")
    for k in range(3, 6):
        e(f"adcx {A(k)}, {{lo}}")
        e(f"adox {A(k + 1)}, {{hi}}")
    close_chains(e, A(6), A(7))


def close_chains(e, w6, w7):
    """Fold the pending CF into w6 and w7 and the pending OF into w7 (MOV keeps flags)."""
    e("mov {lo}, 0")
    e(f"adcx {w6}, {{lo}}")
    e(f"adox {w7}, {{lo}}")
    e(f"adcx {w7}, {{lo}}")


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


def mul(e):
    # Round i keeps accumulator word k in t[(i + k) % 8]; the word a reduction clears
    # becomes the next round's (zero) top word.
    def acc(i):
        return lambda k: "{t%d}" % ((i + k) % 8)
    A = acc(0)
    e("mov rdx, qword ptr [{b}]")
    e(f"mulx {A(1)}, {A(0)}, qword ptr [{{a}}]")
    for k in range(1, 6):
        e(f"mulx {A(k + 1)}, {{lo}}, qword ptr [{{a}} + {8 * k}]")
        e(f"{'add' if k == 1 else 'adc'} {A(k)}, {{lo}}")
    e(f"adc {A(6)}, 0")
    reduction_round(e, A, clear=A(7))
    for i in range(1, 6):
        A = acc(i)
        e(f"mov rdx, qword ptr [{{b}} + {8 * i}]")
        e("xor {lo:e}, {lo:e}")
        for k in range(6):
            e(f"mulx {{hi}}, {{lo}}, qword ptr [{{a}}{' + %d' % (8 * k) if k else ''}]")
            e(f"adcx {A(k)}, {{lo}}")
            e(f"adox {A(k + 1)}, {{hi}}")
        close_chains(e, A(6), A(7))
        reduction_round(e, A)
    subtract_p_once(e, [acc(6)(k) for k in range(7)])


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
    # Phase 3: six reduction rounds on the low half (a's register is free now), then
    # the high half added and p subtracted once.
    R = u + [tmp, "{a}"]
    e(f"xor {low32(R[6])}, {low32(R[6])}")
    e(f"xor {low32(R[7])}, {low32(R[7])}")
    for r in range(6):
        reduction_round(e, lambda k, r=r: R[(r + k) % 8])
    T = [R[(6 + k) % 8] for k in range(7)]
    e(f"add {T[0]}, qword ptr [{{s}} + 48]")
    for k in range(1, 6):
        e(f"adc {T[k]}, qword ptr [{{s}} + {48 + 8 * k}]")
    e(f"adc {T[6]}, 0")
    subtract_p_once(e, T)


if __name__ == "__main__":
    lines = []
    {"mul": mul, "sqr": sqr}[sys.argv[1]](lines.append)
    for line in lines:
        print(f'                "{line}",')
