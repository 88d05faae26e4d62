//! The command-line contracts: output shapes, exit codes, one-line errors.

use std::process::{Command, Output};

fn ecsm(args: &[&str], backend: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ecsm"));
    cmd.args(args).env_remove("ECSM_BACKEND");
    if let Some(b) = backend {
        cmd.env("ECSM_BACKEND", b);
    }
    cmd.output().expect("the ecsm binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

/// A usage error: exit 2, exactly one line on stderr, nothing on stdout.
fn assert_usage_error(o: &Output) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    assert!(
        o.stdout.is_empty(),
        "stdout should be empty, got {:?}",
        stdout(o)
    );
    assert_eq!(
        stderr(o).trim_end().lines().count(),
        1,
        "stderr: {:?}",
        stderr(o)
    );
}

#[test]
fn info_reports_the_backend_and_honours_ecsm_backend() {
    let o = ecsm(&["info"], None);
    assert!(o.status.success());
    let text = stdout(&o);
    let chosen = text
        .lines()
        .find_map(|l| l.strip_prefix("backend: "))
        .expect("a backend line")
        .to_string();
    assert!(
        ["portable", "clmul", "vpclmul"].contains(&chosen.as_str()),
        "{chosen}"
    );

    let forced = stdout(&ecsm(&["info"], Some("portable")));
    assert!(forced.lines().any(|l| l == "backend: portable"), "{forced}");
    assert!(forced.contains("forced by ECSM_BACKEND=portable"));
}

#[test]
fn bad_backend_variable_is_a_usage_error() {
    assert_usage_error(&ecsm(&["info"], Some("bogus")));
}

#[test]
fn malformed_arguments_are_usage_errors() {
    assert_usage_error(&ecsm(&["frobnicate"], None));
    assert_usage_error(&ecsm(&["field-bench", "--field", "2^999", "--quick"], None));
    assert_usage_error(&ecsm(&["field-bench", "--no-such-flag"], None));
    assert_usage_error(&ecsm(&[], None));
}

#[test]
fn field_bench_json_has_every_operation_of_the_requested_field() {
    let o = ecsm(
        &[
            "field-bench",
            "--json",
            "--quick",
            "--field",
            "2^127",
            "--field",
            "254",
        ],
        Some("portable"),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(stdout(&o).trim()).expect("one JSON array");
    for field in ["2^127", "2^254"] {
        for op in ["mul", "sqr", "inv", "half_trace", "sqrt", "trace"] {
            let row = rows
                .iter()
                .find(|r| r["field"] == field && r["op"] == op)
                .unwrap_or_else(|| panic!("no row for {field} {op}"));
            let ns = row["median_ns"].as_f64().expect("median_ns is a number");
            assert!(ns > 0.0 && ns.is_finite(), "{field} {op}: {ns}");
            assert_eq!(row["backend"], "portable");
        }
    }
    assert!(rows
        .iter()
        .all(|r| r["field"] == "2^127" || r["field"] == "2^254"));
}

#[test]
fn fields_lists_every_field_with_its_polynomial() {
    let text = stdout(&ecsm(&["fields"], None));
    for line in [
        "x^127 + x^63 + 1",
        "x^163 + x^7 + x^6 + x^3 + 1",
        "x^233 + x^74 + 1",
        "x^571 + x^10 + x^5 + x^2 + 1",
    ] {
        assert!(text.contains(line), "missing {line} in\n{text}");
    }
    // Seven binary fields, then the prime fields.
    assert_eq!(text.lines().count(), 7 + 21);
    assert!(text.contains("p256 "), "{text}");
    assert!(text.contains("p = 0x1ff"), "p521 listed: {text}");
}

#[test]
fn report_prints_measured_inversion_counts_beside_the_paper() {
    let o = ecsm(&["report"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    // Measured with Counted while Itoh-Tsujii runs: m - 1 squarings, chain length multiplications.
    assert!(text.contains("measured   9M + 126S"), "{text}");
    assert!(text.contains("measured  10M + 232S"), "{text}");
    assert!(text.contains("measured  12M + 570S"), "{text}");
    assert!(
        text.contains("measured 1I + 3M + 2S in GF(2^127)"),
        "{text}"
    );
    assert!(!text.contains("RESULT WRONG"));
    assert!(
        text.contains("8.651"),
        "paper's I/M for 2^233 printed beside ours"
    );
}

#[test]
fn field_bench_json_covers_a_prime_field() {
    let o = ecsm(
        &["field-bench", "--json", "--quick", "--field", "p256"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(stdout(&o).trim()).expect("one JSON array");
    for op in ["mul", "sqr", "inv", "inv_ct", "add"] {
        let row = rows
            .iter()
            .find(|r| r["field"] == "p256" && r["op"] == op)
            .unwrap_or_else(|| panic!("no row for p256 {op}"));
        assert!(row["median_ns"].as_f64().is_some_and(|v| v > 0.0));
        assert!(row["min_ns"].as_f64().is_some_and(|v| v > 0.0));
        assert_eq!(row["backend"], "portable");
    }
    assert_eq!(rows.len(), 5);
}

// ---- prime curves: the contract of `curves`, `methods`, `mul`, `decompress`, `validate`,
// `ecdh`, `bench` and `sqrt-chain`. Vectors: OpenSSL 3.0 (crates/ecsm/tests/data).

const P256_D: &str = "3515f36f1a060d79dd23478ca006635c093df5ff95e8e1256bd8bc0d590408e3";
const P256_Q: &str = "04c1ffdd494099556eaed9fc3443d3924eb6e6f74e7f273c1ba19b2863179e14ed705c8d0b8da02d918fccce306b608a66863dba95462b03f3ef0100942cf45486";
const P256_QC: &str = "02c1ffdd494099556eaed9fc3443d3924eb6e6f74e7f273c1ba19b2863179e14ed";
const P256_Q2C: &str = "027e6e07294b02a1653312d55eefceb9f776d24a58c6bf341119011a3c92c44fd6";
const P256_SECRET: &str = "31a42db68cd68b544638512c5445a36d1f25f285dbcf030ce98e2e1c3ed67ca0";

fn ok_line(args: &[&str]) -> String {
    let o = ecsm(args, None);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out:?}");
    out.trim_end().to_string()
}

#[test]
fn curves_lists_name_field_order_bits_cofactor() {
    let out = stdout(&ecsm(&["curves"], None));
    let line = out
        .lines()
        .find(|l| l.starts_with("secp256r1 "))
        .expect("P-256 listed");
    let cols: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(cols[..4], ["secp256r1", "GF(p)[256]", "256", "1"]);
    assert!(cols[4].split(',').any(|a| a == "P-256"));
    let h4 = out.lines().find(|l| l.starts_with("secp112r2 ")).unwrap();
    assert_eq!(h4.split_whitespace().nth(3), Some("4"));
    assert!(out.lines().count() >= 37);
}

#[test]
fn methods_are_accepted_as_printed() {
    let out = stdout(&ecsm(&["methods", "--curve", "P-256"], None));
    assert!(out.lines().any(|l| l == "naf:w=5"), "{out}");
    for m in out.lines() {
        assert_eq!(
            ok_line(&["mul", "--curve", "P-256", "--scalar", P256_D, "--method", m]),
            P256_Q
        );
    }
}

#[test]
fn mul_decompress_validate_ecdh_match_openssl() {
    assert_eq!(
        ok_line(&["mul", "--curve", "prime256v1", "--scalar", P256_D]),
        P256_Q
    );
    assert_eq!(
        ok_line(&[
            "mul",
            "--curve",
            "P-256",
            "--scalar",
            P256_D,
            "--compressed"
        ]),
        P256_QC
    );
    // [1]P with an explicit compressed point, and [n]G = O printed as 00.
    assert_eq!(
        ok_line(&["mul", "--curve", "P-256", "--scalar", "1", "--point", P256_QC]),
        P256_Q
    );
    let n = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
    assert_eq!(ok_line(&["mul", "--curve", "P-256", "--scalar", n]), "00");
    assert_eq!(
        ok_line(&["decompress", "--curve", "P-256", P256_QC]),
        P256_Q
    );
    assert_eq!(ok_line(&["validate", "--curve", "P-256", P256_QC]), "valid");
    assert_eq!(
        ok_line(&[
            "ecdh",
            "--curve",
            "P-256",
            "--private",
            P256_D,
            "--peer",
            P256_Q2C
        ]),
        P256_SECRET
    );
}

#[test]
fn invalid_keys_exit_1_with_a_reason() {
    let mut off = P256_Q.to_string();
    off.replace_range(off.len() - 1.., "7");
    let o = ecsm(&["validate", "--curve", "P-256", &off], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("invalid: "), "{}", stdout(&o));
    let o = ecsm(&["validate", "--curve", "P-256", "00"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("infinity"));

    let o = ecsm(
        &[
            "ecdh",
            "--curve",
            "P-256",
            "--private",
            P256_D,
            "--peer",
            &off,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("not on the curve"), "{}", stderr(&o));
    let o = ecsm(
        &[
            "ecdh",
            "--curve",
            "P-256",
            "--private",
            "0",
            "--peer",
            P256_Q2C,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("[1, n"), "{}", stderr(&o));
    let o = ecsm(&["decompress", "--curve", "P-256", "05c1ff"], None);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn malformed_curve_arguments_are_usage_errors() {
    for args in [
        &["mul", "--curve", "P-999", "--scalar", "1"][..],
        &["mul", "--curve", "P-256", "--scalar", "xyz"],
        &[
            "mul", "--curve", "P-256", "--scalar", "1", "--method", "naf:w=9",
        ],
        &[
            "mul", "--curve", "P-256", "--scalar", "1", "--method", "bogus",
        ],
        &["mul", "--curve", "P-256", "--scalar", "1", "--point", "abc"],
        &["mul", "--curve", "P-256"],
        &["decompress", "--curve", "P-256", "zz"],
        &["validate", "--curve", "nope", "00"],
        &[
            "ecdh",
            "--curve",
            "P-256",
            "--private",
            "-1",
            "--peer",
            P256_QC,
        ],
        &["methods", "--curve", "nope"],
        &[
            "bench",
            "--curve",
            "P-256",
            "--op",
            "decompress",
            "--method",
            "fast",
        ],
        &["bench", "--curve", "P-256", "--op", "halve"],
        &["sqrt-chain", "--curve", "nope"],
    ] {
        assert_usage_error(&ecsm(args, None));
    }
}

#[test]
fn bench_and_sqrt_chain_json_shapes() {
    let o = ok_line(&[
        "bench",
        "--curve",
        "P-256",
        "--op",
        "decompress",
        "--method",
        "chain",
        "--json",
        "--quick",
    ]);
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!(v["curve"], "secp256r1");
    assert_eq!(v["op"], "decompress");
    assert_eq!(v["method"], "chain");
    assert!(v["median_ns"].as_f64().unwrap() > 0.0);
    assert!(v["min_ns"].as_f64().unwrap() <= v["median_ns"].as_f64().unwrap());

    let o = ok_line(&[
        "bench", "--curve", "wtls8", "--method", "naf:w=4", "--json", "--quick",
    ]);
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!(v["method"], "naf:w=4");
    assert!(v["median_ns"].as_f64().unwrap() > 0.0);

    let o = ok_line(&["sqrt-chain", "--curve", "P-192", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!((v["S"].as_u64(), v["M"].as_u64()), (Some(189), Some(7)));
    assert_eq!(v["curve"], "secp192r1");
    assert!(v["chain"].as_str().unwrap().starts_with("w1"));
}

// ---- binary curves: the same contract on B-233 (sect233r1). Vectors: OpenSSL 3.0
// (crates/ecsm/tests/data/openssl_binary_vectors.txt).

const B233_D: &str = "8171869babf261335853b46bbccfd5886d8440351ce871b91e330a864a";
const B233_Q: &str = "04006859f723c5d0403dd83adbdeadef9b415af8b6f69f07c1516c09dfc60100ef16cea344982238a60bd8bb4e6bd32f9a399142b0757d155bd9d0b3d9";
const B233_QC: &str = "03006859f723c5d0403dd83adbdeadef9b415af8b6f69f07c1516c09dfc601";
const B233_Q2C: &str = "0301ef5809d3735b7bbd9c89f7e1812f2878a17f5ab6582e815d221a399466";
const B233_SECRET: &str = "005bd70fa36db3e4de3be2c17c7a47c26a56e68452170314a03ed3240f9a";

#[test]
fn binary_curve_mul_decompress_validate_ecdh_match_openssl() {
    let out = stdout(&ecsm(&["curves"], None));
    let line = out
        .lines()
        .find(|l| l.starts_with("sect233r1 "))
        .expect("B-233 listed");
    let cols: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(cols[..4], ["sect233r1", "GF(2^233)", "233", "2"]);
    assert!(cols[4].split(',').any(|a| a == "B-233"));

    let methods = stdout(&ecsm(&["methods", "--curve", "B-233"], None));
    assert!(methods.lines().any(|l| l == "montgomery"), "{methods}");
    for m in methods.lines() {
        assert_eq!(
            ok_line(&["mul", "--curve", "B-233", "--scalar", B233_D, "--method", m]),
            B233_Q,
            "{m}"
        );
    }
    assert_eq!(
        ok_line(&[
            "mul",
            "--curve",
            "B-233",
            "--scalar",
            B233_D,
            "--compressed"
        ]),
        B233_QC
    );
    assert_eq!(
        ok_line(&["mul", "--curve", "B-233", "--scalar", "1", "--point", B233_QC]),
        B233_Q
    );
    assert_eq!(
        ok_line(&["decompress", "--curve", "sect233r1", B233_QC]),
        B233_Q
    );
    assert_eq!(ok_line(&["validate", "--curve", "B-233", B233_QC]), "valid");
    assert_eq!(
        ok_line(&[
            "ecdh",
            "--curve",
            "B-233",
            "--private",
            B233_D,
            "--peer",
            B233_Q2C
        ]),
        B233_SECRET
    );
    // x = 0 with ỹ = 1 names no point; the 2-torsion point (0, √b) is outside the subgroup.
    let zero_one = format!("03{}", "00".repeat(30));
    let o = ecsm(&["decompress", "--curve", "B-233", &zero_one], None);
    assert_eq!(o.status.code(), Some(1));
    let t = ok_line(&[
        "decompress",
        "--curve",
        "B-233",
        &zero_one.replacen("03", "02", 1),
    ]);
    let o = ecsm(&["validate", "--curve", "B-233", &t], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("subgroup"), "{}", stdout(&o));
    let o = ok_line(&[
        "bench",
        "--curve",
        "B-233",
        "--method",
        "montgomery",
        "--json",
        "--quick",
    ]);
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!(v["method"], "montgomery");
    assert!(v["median_ns"].as_f64().unwrap() > 0.0);
}

#[test]
fn count_json_has_the_contract_fields_and_table_1_inversions() {
    let line = ok_line(&[
        "count",
        "--degree",
        "233",
        "--method",
        "x-jsf2",
        "--curves",
        "2",
        "--scalars",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&line).expect("JSON");
    assert_eq!(v["method"], "x-jsf2");
    assert_eq!(v["degree"], 233);
    assert_eq!(v["samples"], 4);
    assert_eq!(v["stored_points"], 8);
    // Seed 000 Table 1: x-JSF_2 takes 4 half-traces; 3 inversions here (the seed's 4, one
    // shared between the two pairs Q3 ± Q2, Q1 ± Q0).
    assert_eq!(v["I"], 3.0);
    assert_eq!(v["H"], 4.0);
    assert!(v["M"].as_f64().unwrap() > 900.0 && v["S"].as_f64().unwrap() > 900.0);
    let named = ok_line(&[
        "count",
        "--curve",
        "B-233",
        "--method",
        "montgomery",
        "--curves",
        "1",
        "--scalars",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&named).expect("JSON");
    assert_eq!(
        (v["degree"].as_u64(), v["I"].as_f64()),
        (Some(233), Some(1.0))
    );
    assert_eq!(v["curve"], "B-233");
    for bad in [
        &["count", "--degree", "234", "--method", "x-jsf"][..],
        &["count", "--degree", "233", "--method", "x-jsf:t=9"],
        &[
            "count", "--degree", "233", "--method", "naf:w=5", "--curves", "0",
        ],
        &[
            "count", "--degree", "233", "--curve", "B-233", "--method", "x-jsf",
        ],
        &["count", "--method", "x-jsf"],
        &["count", "--curve", "P-256", "--method", "x-jsf"],
    ] {
        assert_usage_error(&ecsm(bad, None));
    }
}

#[test]
fn binary_methods_are_accepted_as_printed() {
    let out = stdout(&ecsm(&["methods", "--curve", "B-163"], None));
    for want in [
        "montgomery",
        "x-jsf",
        "x-jsf2",
        "x-jsf:t=3",
        "www:w=4",
        "www-sole:w=4",
    ] {
        assert!(out.lines().any(|l| l == want), "{want} in {out}");
    }
    let want = ok_line(&["mul", "--curve", "B-163", "--scalar", "1234567890abcdef"]);
    for m in out.lines() {
        assert_eq!(
            ok_line(&[
                "mul",
                "--curve",
                "B-163",
                "--scalar",
                "1234567890abcdef",
                "--method",
                m
            ]),
            want,
            "{m}"
        );
    }
}
