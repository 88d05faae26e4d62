//! The "seed 002" section of `ecsm report`: Méloni–Hasan's Tables 1–8, ours measured
//! beside the paper's, and the real time of each shape and method.

use ecsm::experiments::paper::{
    Seed002DbnsOps, Seed002Row, SEED002_TABLE3, SEED002_TABLE4, SEED002_TABLE5, SEED002_TABLE6,
    SEED002_TABLE7, SEED002_TABLE8,
};
use ecsm::experiments::shape_costs::seed_table;
use ecsm::experiments::shape_counts::{random_scalars, ShapeCounts};
use ecsm::experiments::timing::BenchConfig;
use ecsm::shape::curves::{shape_experiment, ShapeExperiment, SHAPE_NAMES};
use ecsm::shape::{ShapeMethod, ShapeOp};

/// Tables 5 and 7's column order.
const DBNS_COLUMNS: [ShapeOp; 11] = [
    ShapeOp::Dbl,
    ShapeOp::Tpl,
    ShapeOp::Add,
    ShapeOp::ReAdd,
    ShapeOp::DAdd,
    ShapeOp::TwoDAdd,
    ShapeOp::TwoReAdd,
    ShapeOp::DReAdd,
    ShapeOp::MAdd,
    ShapeOp::DmAdd,
    ShapeOp::MReAdd,
];

/// Tables 6 and 8's column order.
const BZNS_COLUMNS: [ShapeOp; 7] = [
    ShapeOp::Dbl,
    ShapeOp::ZAdd,
    ShapeOp::Add,
    ShapeOp::ReAdd,
    ShapeOp::MAdd,
    ShapeOp::TwoReAdd,
    ShapeOp::MReAdd,
];

fn experiments(bits: usize) -> Vec<Box<dyn ShapeExperiment>> {
    SHAPE_NAMES
        .iter()
        .map(|s| shape_experiment(s, bits).expect("built-in shapes and sizes"))
        .collect()
}

/// Our method for a row of Tables 3/4, with the row's parameters; None for rows we
/// do not run ((2,3,5)NAF, quoted from Longa–Gebotys).
fn method_of(row: &Seed002Row) -> Option<ShapeMethod> {
    let &(_, m, b, t, z, _) = row;
    match m {
        "4-NAF" => Some(ShapeMethod::Naf { w: 4 }),
        "DB chain" => Some(ShapeMethod::DbChain { b_max: b, t_max: t }),
        "Yao-DBNS" => Some(ShapeMethod::YaoDbns { b_max: b, t_max: t }),
        "Yao-BZNS" => Some(ShapeMethod::YaoBzns { b_max: b, z_max: z }),
        _ => None,
    }
}

fn op_of(c: &ShapeCounts, op: ShapeOp) -> f64 {
    c.ops
        .iter()
        .find(|(o, _)| *o == op)
        .map_or(0.0, |&(_, v)| v)
}

fn table_1_2() {
    println!("Tables 1 and 2 -- cost of each curve operation, measured on Counted (256-bit curves) beside the seed's (M + S; C = multiplications by curve constants, which the seed leaves out):");
    let ops = &ShapeOp::ALL[..11];
    print!("  {:<14}", "shape");
    for op in ops {
        print!(" {:>9}", op.name());
    }
    println!(" {:>9}", "ZADD");
    for exp in experiments(256) {
        let costs = exp.op_costs(7);
        let seed = seed_table(exp.shape()).expect("every shape has a row");
        print!("  {:<14}", exp.shape());
        for (i, _) in ops.iter().enumerate() {
            let cell = match costs[i] {
                Some(c) => {
                    let mark = if (c.mul as u32, c.sqr as u32) == seed[i] {
                        ""
                    } else {
                        "*"
                    };
                    format!("{}M{}S{mark}", c.mul, c.sqr)
                }
                None => "n/a".into(),
            };
            print!(" {cell:>9}");
        }
        let z = costs[11].map_or("-".to_string(), |c| format!("{}M{}S", c.mul, c.sqr));
        println!(" {z:>9}");
        let consts: Vec<String> = costs
            .iter()
            .flatten()
            .filter(|c| c.mul_const > 0)
            .map(|c| format!("{} {}C", c.op.name(), c.mul_const))
            .collect();
        print!("  {:<14}", "  seed");
        for &(m, s) in seed.iter() {
            print!(" {:>9}", format!("{m}M{s}S"));
        }
        println!();
        if !consts.is_empty() {
            println!("  {:<14} constants: {}", "", consts.join(", "));
        }
    }
    println!("  (* = differs from the seed's entry; see the README's seed 002 notes)");
}

fn tables_3_4(scalars: usize) -> Vec<(usize, String, ShapeCounts)> {
    let mut kept = Vec::new();
    for (bits, table, name) in [
        (160, &SEED002_TABLE3[..], "Table 3"),
        (256, &SEED002_TABLE4[..], "Table 4"),
    ] {
        println!();
        println!("{name} -- {bits}-bit scalars, our counts ({scalars} random scalars, M + 0.8S) beside the seed's (10,000 scalars):");
        println!(
            "  {:<14} {:<11} {:>5} {:>5} {:>5} {:>10} {:>10} {:>8}",
            "shape", "method", "b_max", "t_max", "Z_max", "ours", "seed", "diff"
        );
        let ks = random_scalars(bits, scalars, 2009);
        for exp in experiments(bits) {
            for row in table.iter().filter(|r| r.0 == exp.shape()) {
                let &(_, m, b, t, z, seed) = row;
                let ours = method_of(row).map(|meth| {
                    exp.count(&meth, &ks)
                        .expect("the seed's bounds reach its sizes")
                });
                let (o, d) = match &ours {
                    Some(c) => (
                        format!("{:.1}", c.total_m()),
                        format!("{:+.1}%", 100.0 * (c.total_m() - seed) / seed),
                    ),
                    None => ("quoted".into(), "-".into()),
                };
                let dash = |v: u32| {
                    if v == 0 {
                        "-".to_string()
                    } else {
                        v.to_string()
                    }
                };
                println!(
                    "  {:<14} {:<11} {:>5} {:>5} {:>5} {:>10} {:>10.1} {:>8}",
                    exp.shape(),
                    m,
                    dash(b),
                    dash(t),
                    dash(z),
                    o,
                    seed,
                    d
                );
                if let Some(c) = ours {
                    kept.push((bits, m.to_string(), c));
                }
            }
        }
    }
    kept
}

fn tables_5_to_8(kept: &[(usize, String, ShapeCounts)]) {
    for (bits, dbns, bzns, n5, n6) in [
        (160, &SEED002_TABLE5, &SEED002_TABLE6, "Table 5", "Table 6"),
        (256, &SEED002_TABLE7, &SEED002_TABLE8, "Table 7", "Table 8"),
    ] {
        println!();
        println!("{n5} -- Yao-DBNS operations per multiplication, {bits}-bit, ours / seed's:");
        print!("  {:<14}", "shape");
        for op in DBNS_COLUMNS {
            print!(" {:>13}", op.name());
        }
        println!();
        for &(shape, seed) in dbns.iter() as std::slice::Iter<'_, Seed002DbnsOps> {
            let Some((_, _, c)) = kept
                .iter()
                .find(|(b, m, c)| *b == bits && m == "Yao-DBNS" && c.shape == shape)
            else {
                continue;
            };
            print!("  {shape:<14}");
            for (op, s) in DBNS_COLUMNS.iter().zip(seed) {
                print!(" {:>13}", format!("{:.2}/{:.2}", op_of(c, *op), s));
            }
            println!();
        }
        println!("{n6} -- Yao-BZNS operations per multiplication, {bits}-bit, ours / seed's:");
        print!("  {:<14}", "shape");
        for op in BZNS_COLUMNS {
            print!(" {:>13}", op.name());
        }
        println!();
        for shape in ["jacobian", "jacobian-3"] {
            let Some((_, _, c)) = kept
                .iter()
                .find(|(b, m, c)| *b == bits && m == "Yao-BZNS" && c.shape == shape)
            else {
                continue;
            };
            print!("  {shape:<14}");
            for (op, s) in BZNS_COLUMNS.iter().zip(bzns.iter()) {
                print!(" {:>13}", format!("{:.2}/{:.2}", op_of(c, *op), s));
            }
            println!();
        }
    }
}

fn timings(cfg: BenchConfig) {
    println!();
    println!("Beyond the seed -- real time of one multiplication on the 256-bit curves (median ns, this machine; ratio to jacobian-3 naf:w=4, the same run):");
    let rows: Vec<(&'static str, Vec<(String, f64)>)> = experiments(256)
        .iter()
        .map(|exp| {
            let methods: Vec<ShapeMethod> = SEED002_TABLE4
                .iter()
                .filter(|r| r.0 == exp.shape())
                .filter_map(method_of)
                .collect();
            let times = methods
                .iter()
                .map(|m| {
                    let t = exp
                        .bench(m, cfg, 3)
                        .expect("the seed's bounds reach 256 bits");
                    (m.to_string(), t.median_ns)
                })
                .collect();
            (exp.shape(), times)
        })
        .collect();
    let base = rows
        .iter()
        .find(|(s, _)| *s == "jacobian-3")
        .and_then(|(_, t)| t.iter().find(|(m, _)| m == "naf:w=4"))
        .map_or(f64::NAN, |&(_, ns)| ns);
    for (shape, times) in rows {
        let cells: Vec<String> = times
            .iter()
            .map(|(m, ns)| format!("{m} {:.1} µs ({:.2})", ns / 1000.0, ns / base))
            .collect();
        println!("  {shape:<14} {}", cells.join("; "));
    }
}

/// Print the section.
pub fn seed002_section(cfg: BenchConfig, scalars: usize) {
    println!("5. Seed 002 (Méloni-Hasan, CHES 2009): Yao's algorithm with double bases on eight curve shapes");
    println!("---------------------------------------------------------------------------------------------");
    table_1_2();
    let kept = tables_3_4(scalars);
    tables_5_to_8(&kept);
    timings(cfg);
}
