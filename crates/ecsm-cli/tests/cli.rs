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
