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
    // The P-256 assembly follows the same switch.
    assert!(
        forced
            .lines()
            .any(|l| l.starts_with("p256-field: portable")),
        "{forced}"
    );
    let p256 = text
        .lines()
        .find_map(|l| l.strip_prefix("p256-field: "))
        .expect("a p256-field line");
    assert!(
        p256.starts_with("adx") || p256.starts_with("portable (no BMI2/ADX)"),
        "{p256}"
    );
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
    assert_eq!(text.lines().count(), 7 + 22);
    assert!(text.contains("p256 "), "{text}");
    assert!(text.contains("p448 "), "{text}");
    assert!(text.contains("p = 0x1ff"), "p521 listed: {text}");
}

/// A file in the system's temporary folder, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str) -> Self {
        TempFile(std::env::temp_dir().join(format!("ecsm-{}-{name}", std::process::id())))
    }
    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The whole report (one run, about 75 s): its text on stdout and its HTML page.
#[test]
fn report_prints_measured_inversion_counts_beside_the_paper() {
    let page = TempFile::new("report.html");
    let o = ecsm(&["report", "--html", page.path()], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let html = std::fs::read_to_string(&page.0).expect("the page was written");
    check_report_page(&html);
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

/// The HTML report: well-formed (it is XML as well as HTML, so a strict XML parser reads
/// it), self-contained (no script, no external resource), a section per part of the
/// report with the text report's numbers, and the plots the report promises.
fn check_report_page(html: &str) {
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = roxmltree::Document::parse_with_options(html, opts)
        .unwrap_or_else(|e| panic!("the page does not parse: {e}"));
    let nodes: Vec<_> = doc.descendants().filter(|n| n.is_element()).collect();
    for n in &nodes {
        let tag = n.tag_name().name();
        assert_ne!(tag, "script", "no scripts");
        assert_ne!(tag, "link", "no external stylesheets");
        assert_ne!(tag, "img", "images are inline SVG");
        for a in n.attributes() {
            assert!(
                !a.value().contains("://") || a.name() == "xmlns",
                "no network resource: {}={}",
                a.name(),
                a.value()
            );
        }
    }
    let section = |id: &str| {
        nodes
            .iter()
            .find(|n| n.tag_name().name() == "section" && n.attribute("id") == Some(id))
            .unwrap_or_else(|| panic!("no section {id}"))
    };
    let count = |id: &str, tag: &str| {
        section(id)
            .descendants()
            .filter(|n| n.tag_name().name() == tag)
            .count()
    };
    let text_of = |id: &str| {
        section(id)
            .descendants()
            .filter_map(|n| n.text())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Plots per section: the ratios; decompression times; per degree the speed-ups and
    // the priced counts; seed 001's cycles; Tables 3 and 4 and the real time per shape.
    for (id, plots) in [
        ("fields", 1),
        ("seed003", 1),
        ("seed000", 6),
        ("seed001", 1),
        ("seed002", 3),
    ] {
        assert!(count(id, "svg") >= plots, "{id}: fewer than {plots} plots");
        assert!(count(id, "table") >= 1, "{id}: no table");
        for svg in section(id)
            .descendants()
            .filter(|n| n.tag_name().name() == "svg")
        {
            let bars = svg
                .descendants()
                .filter(|n| n.attribute("class") == Some("bar"))
                .count();
            assert!(bars > 0, "{id}: a plot without bars");
        }
    }
    assert!(text_of("fields").contains("measured  10M + 232S"));
    assert!(
        text_of("fields").contains("8.651"),
        "the paper's I/M beside ours"
    );
    assert!(text_of("seed001").contains("This work"));
    assert!(text_of("seed002").contains("Yao-DBNS"));
}

/// `report --json`: one JSON document with the sections asked for, their tables' numbers
/// as numbers.
#[test]
fn report_json_holds_the_sections_asked_for() {
    let page = TempFile::new("seed003.html");
    let o = ecsm(
        &[
            "report",
            "--json",
            "--only",
            "seed003",
            "--html",
            page.path(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON document");
    let sections = v["sections"].as_array().expect("sections");
    assert_eq!(sections.len(), 1);
    assert_eq!(sections[0]["id"], "seed003");
    let blocks = sections[0]["blocks"].as_array().expect("blocks");
    let table = blocks
        .iter()
        .find(|b| b["kind"] == "table")
        .expect("a table");
    assert_eq!(table["columns"][0], "curve");
    let first = &table["rows"][0];
    assert!(first[0].is_string(), "the curve name");
    assert!(
        first[1].as_f64().is_some_and(|us| us > 0.0),
        "a time: {first}"
    );
    let chart = blocks
        .iter()
        .find(|b| b["kind"] == "chart")
        .expect("a chart");
    assert!(chart["series"].as_array().is_some_and(|s| s.len() >= 3));
    assert!(v["machine"].is_string() && v["backend"].is_string());
    // The page of the same run holds the same section.
    let html = std::fs::read_to_string(&page.0).expect("the page was written");
    assert!(html.contains("<section id=\"seed003\">"));
    assert!(!html.contains("<section id=\"fields\">"));
    // An unwritable page is a usage error before anything runs.
    assert_usage_error(&ecsm(
        &[
            "report",
            "--only",
            "seed003",
            "--html",
            "/nonexistent/dir/page.html",
        ],
        None,
    ));
}

/// `report --only` prints the sections asked for, in the report's order, and nothing else;
/// an unknown section is a usage error. Seed 003's section carries the OpenSSL column
/// when the CLI is built with the `openssl` feature (CI runs this test both ways; the
/// whole report runs once, in the test above).
#[test]
fn report_only_prints_the_chosen_sections() {
    let o = ecsm(&["report", "--only", "seed003,fields"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let fields = text
        .find("1. Binary-field arithmetic")
        .expect("fields section");
    let seed003 = text
        .find("2. Fast point decompression")
        .expect("seed 003 section");
    assert!(fields < seed003, "the report's order");
    assert!(text.contains("measured  10M + 232S"), "{text}");
    for absent in ["3. ", "4. ", "5. Seed 002"] {
        assert!(
            !text.lines().any(|l| l.starts_with(absent)),
            "{absent} printed: {text}"
        );
    }
    assert_eq!(
        text.contains("OpenSSL us"),
        cfg!(feature = "openssl"),
        "{text}"
    );
    assert_usage_error(&ecsm(&["report", "--only", "seed004"], None));
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
        // The BMI2/ADX assembly where the CPU has it (`ecsm info` says which).
        assert!(
            row["backend"] == "adx" || row["backend"] == "portable",
            "{row}"
        );
    }
    assert_eq!(rows.len(), 5);
    let assembly = rows[0]["backend"] == "adx";

    // ECSM_BACKEND=portable turns the assembly off.
    let o = ecsm(
        &["field-bench", "--json", "--quick", "--field", "p256"],
        Some("portable"),
    );
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(stdout(&o).trim()).expect("one JSON array");
    assert!(rows.iter().all(|r| r["backend"] == "portable"), "{rows:?}");

    // --both-backends adds the portable twin's product, square and sum beside the
    // assembly, for secp256k1 too.
    let o = ecsm(
        &[
            "field-bench",
            "--json",
            "--quick",
            "--both-backends",
            "--field",
            "p256",
            "--field",
            "secp256k1",
        ],
        None,
    );
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(stdout(&o).trim()).expect("one JSON array");
    for field in ["p256", "secp256k1"] {
        let twin: Vec<_> = rows
            .iter()
            .filter(|r| r["field"] == field && r["backend"] == "portable")
            .map(|r| r["op"].as_str().unwrap_or_default().to_string())
            .collect();
        if assembly {
            assert_eq!(twin, ["mul", "sqr", "add"], "{field}: {rows:?}");
        } else {
            assert_eq!(twin.len(), 5, "{field}: {rows:?}");
        }
    }
}

#[test]
fn field_bench_peers_adds_crrl_rows_or_says_why_not() {
    assert_usage_error(&ecsm(
        &["field-bench", "--quick", "--peers", "--field", "2^127"],
        None,
    ));
    let o = ecsm(
        &[
            "field-bench",
            "--json",
            "--quick",
            "--peers",
            "--field",
            "2^254",
        ],
        None,
    );
    if !cfg!(feature = "crrl") {
        assert_usage_error(&o);
        assert!(stderr(&o).contains("--features crrl"), "{}", stderr(&o));
        return;
    }
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(stdout(&o).trim()).expect("one JSON array");
    for op in ["mul", "inv_ct"] {
        let row = rows
            .iter()
            .find(|r| r["backend"] == "crrl" && r["op"] == op)
            .unwrap_or_else(|| panic!("no crrl row for {op}"));
        assert_eq!(row["field"], "2^254");
        assert!(row["median_ns"].as_f64().is_some_and(|v| v > 0.0));
    }
}

/// `bench --peers`: every peer built in is timed in the same run and listed in a fixed
/// order: crrl, then OpenSSL's `EC_POINT_mul`, then libsecp256k1's two calls (its variable-
/// time tweak_mul, then its constant-time ECDH multiplication); `peer` keeps the first.
/// Ours and the peers alternate in `blocks` blocks, and each peer has its paired `ratio`.
/// With none, a usage error names the features to build with.
#[test]
fn bench_peers_times_every_peer_built_in_or_says_why_not() {
    let run = |curve: &str| {
        ecsm(
            &["bench", "--curve", curve, "--quick", "--json", "--peers"],
            None,
        )
    };
    let parse = |o: &Output| -> serde_json::Value {
        assert!(o.status.success(), "{}", stderr(o));
        serde_json::from_str(stdout(o).trim()).expect("one JSON object")
    };
    let names = |v: &serde_json::Value| -> Vec<String> {
        v["peers"]
            .as_array()
            .expect("peers array")
            .iter()
            .map(|p| p["name"].as_str().expect("a name").to_string())
            .collect()
    };
    // P-384: OpenSSL only.
    let o = run("P-384");
    if cfg!(feature = "openssl") {
        let v = parse(&o);
        let peers = v["peers"].as_array().expect("peers array");
        assert_eq!(peers.len(), 1, "{v}");
        assert!(
            peers[0]["name"].as_str().unwrap().starts_with("OpenSSL"),
            "{v}"
        );
        assert!(peers[0]["median_ns"].as_f64().is_some_and(|t| t > 0.0));
        assert_eq!(v["peer"], peers[0]);
    } else {
        assert_usage_error(&o);
        assert!(stderr(&o).contains("--features openssl"), "{}", stderr(&o));
    }
    // secp256k1: crrl, OpenSSL and libsecp256k1, each when built in; the default method is
    // GLV.
    let mut expected: Vec<&str> = Vec::new();
    if cfg!(feature = "crrl") {
        expected.push("crrl");
    }
    if cfg!(feature = "openssl") {
        expected.push("OpenSSL");
    }
    if cfg!(feature = "libsecp256k1") {
        expected.extend(["libsecp256k1 tweak_mul", "libsecp256k1 ecdh"]);
    }
    let o = run("secp256k1");
    if expected.is_empty() {
        assert_usage_error(&o);
        for feature in ["--features crrl", "--features libsecp256k1"] {
            assert!(stderr(&o).contains(feature), "{}", stderr(&o));
        }
    } else {
        let v = parse(&o);
        assert_eq!(v["method"], "glv:w=5");
        let peers = v["peers"].as_array().expect("peers array");
        let got = names(&v);
        assert_eq!(got.len(), expected.len(), "{v}");
        for (name, prefix) in got.iter().zip(&expected) {
            assert!(name.starts_with(prefix), "{name} is not {prefix}…: {v}");
        }
        for p in peers {
            assert!(p["median_ns"].as_f64().is_some_and(|t| t > 0.0), "{p}");
            assert!(p["min_ns"].as_f64().is_some_and(|t| t > 0.0), "{p}");
            // The paired ratio over the alternating blocks.
            assert!(p["ratio"].as_f64().is_some_and(|r| r > 0.0), "{p}");
        }
        assert_eq!(v["blocks"], 5, "{v}");
        assert_eq!(v["peer"], peers[0]);
        if cfg!(feature = "libsecp256k1") {
            // The curve's name in any case reaches the same peers.
            assert_eq!(names(&parse(&run("SECP256K1"))), got);
        }
    }
    // A curve no library has.
    let o = run("gls254-ches2013");
    assert_usage_error(&o);
    assert!(
        stderr(&o).contains("libsecp256k1 is the peer of secp256k1 only"),
        "{}",
        stderr(&o)
    );
}

/// `bench --op decompress --peers`: OpenSSL's `EC_POINT_oct2point` on the same compressed
/// points, alternating with ours in `blocks` blocks, with its paired `ratio`; without
/// OpenSSL built in, a usage error says how to build it.
#[test]
fn bench_decompress_peers_times_openssl_or_says_why_not() {
    let o = ecsm(
        &[
            "bench",
            "--curve",
            "P-256",
            "--op",
            "decompress",
            "--quick",
            "--json",
            "--peers",
        ],
        None,
    );
    if !cfg!(feature = "openssl") {
        assert_usage_error(&o);
        assert!(stderr(&o).contains("--features openssl"), "{}", stderr(&o));
        return;
    }
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(v["op"], "decompress");
    assert_eq!(v["blocks"], 5, "{v}");
    let peers = v["peers"].as_array().expect("peers array");
    assert_eq!(peers.len(), 1, "{v}");
    let p = &peers[0];
    assert!(p["name"].as_str().unwrap().starts_with("OpenSSL"), "{v}");
    assert!(p["name"].as_str().unwrap().ends_with("oct2point"), "{v}");
    for key in ["median_ns", "min_ns", "ratio"] {
        assert!(p[key].as_f64().is_some_and(|t| t > 0.0), "{key}: {v}");
    }
    assert_eq!(v["peer"], *p);
}

// ---- prime curves: the contract of `curves`, `methods`, `mul`, `decompress`, `validate`,
// `ecdh`, `bench` and `sqrt-chain`. Vectors: OpenSSL 3.0 (crates/ecsm-suite/tests/data).

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
        &["bench", "--curve", "P-256", "--input", "hinted"],
        &["bench", "--curve", "K-233", "--input", "decoded"],
        &[
            "bench",
            "--curve",
            "P-256",
            "--op",
            "decompress",
            "--input",
            "affine",
        ],
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
    assert!(v.get("runs_as").is_none(), "run as given: {v}");
    assert_eq!(
        v["input"], "affine",
        "a prime curve starts from the point: {v}"
    );

    // A binary curve starts from x and hint bits unless told `--input affine`.
    for (extra, input) in [
        (None, "hinted"),
        (Some("hinted"), "hinted"),
        (Some("affine"), "affine"),
    ] {
        let mut args = vec![
            "bench", "--curve", "K-233", "--method", "tnaf:w=4", "--json", "--quick",
        ];
        if let Some(e) = extra {
            args.extend(["--input", e]);
        }
        let v: serde_json::Value = serde_json::from_str(&ok_line(&args)).unwrap();
        assert_eq!(v["input"], input, "{args:?}: {v}");
        assert!(v["median_ns"].as_f64().unwrap() > 0.0);
    }
    let o = ok_line(&["bench", "--curve", "B-163", "--quick", "--input", "affine"]);
    assert!(o.contains("(affine input): median"), "{o}");
    let o = ok_line(&["bench", "--curve", "B-163", "--quick"]);
    assert!(
        !o.contains("input"),
        "the curve's own input keeps the old line: {o}"
    );
    // x-JSF starts from x(P) and hint bits: from the affine point it is refused.
    let o = ecsm(
        &[
            "bench", "--curve", "B-163", "--method", "x-jsf", "--quick", "--input", "affine",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("--input hinted"), "{}", stderr(&o));

    // `lambda-parallel` without t says which t it measured and ran; with t, nothing.
    let o = ok_line(&[
        "bench",
        "--curve",
        "gls254",
        "--method",
        "lambda-parallel",
        "--json",
        "--quick",
    ]);
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!(v["method"], "lambda-parallel");
    let ran = v["runs_as"].as_str().unwrap();
    let t: usize = ran
        .strip_prefix("lambda-parallel:w=4,t=")
        .unwrap()
        .parse()
        .unwrap();
    assert!((16..=96).contains(&t) && t.is_multiple_of(8), "{ran}");
    let o = ok_line(&[
        "bench",
        "--curve",
        "gls254",
        "--method",
        "lambda-parallel:t=8",
        "--json",
        "--quick",
    ]);
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert!(v.get("runs_as").is_none(), "t given: {v}");

    let o = ok_line(&["sqrt-chain", "--curve", "P-192", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!((v["S"].as_u64(), v["M"].as_u64()), (Some(189), Some(7)));
    assert_eq!(v["curve"], "secp192r1");
    assert!(v["chain"].as_str().unwrap().starts_with("w1"));
}

// ---- binary curves: the same contract on B-233 (sect233r1). Vectors: OpenSSL 3.0
// (crates/ecsm-suite/tests/data/openssl_binary_vectors.txt).

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

/// The order n of B-233 (FIPS 186-4 D.1.2.3).
const B233_N: &str = "01000000000000000000000000000013e974e72f8a6922031d2603cfe0d7";

#[test]
fn lambda_naf_and_halve_add_are_listed_and_agree_with_the_ladder() {
    let listed = stdout(&ecsm(&["methods", "--curve", "sect233r1"], None));
    for m in ["lambda-naf:w=4", "halve-add:w=4"] {
        assert!(listed.lines().any(|l| l == m), "{m} in {listed}");
    }
    // K-233 has a2 = 0 and cofactor 4: no halving.
    let k233 = stdout(&ecsm(&["methods", "--curve", "sect233k1"], None));
    assert!(k233.lines().any(|l| l == "lambda-naf:w=4"), "{k233}");
    assert!(!k233.contains("halve-add"), "{k233}");
    for m in ["halve-add", "halve-add:w=4"] {
        let o = ecsm(
            &[
                "mul",
                "--curve",
                "sect233k1",
                "--scalar",
                "5",
                "--method",
                m,
            ],
            None,
        );
        assert_usage_error(&o);
        assert!(stderr(&o).contains("does not apply"), "{}", stderr(&o));
    }
    // T = (0, √b) (outside the subgroup), the OpenSSL key, n, n + 1 and a 4096-bit scalar.
    let t = format!("02{}", "00".repeat(30));
    let n_plus_1 = format!("{}d8", &B233_N[..B233_N.len() - 2]);
    let all_ones = "f".repeat(1024);
    let cases: [(&str, Option<&str>); 8] = [
        (B233_D, None),
        (B233_D, Some(B233_QC)),
        ("1", Some(B233_Q)),
        (B233_N, Some(B233_Q)),
        (&n_plus_1, Some(B233_QC)),
        (&all_ones, Some(B233_Q2C)),
        ("3", Some(&t)),
        ("4", Some(&t)),
    ];
    for (k, point) in cases {
        let mut args = vec!["mul", "--curve", "sect233r1", "--scalar", k];
        if let Some(p) = point {
            args.extend(["--point", p]);
        }
        let with = |m: &str| ok_line(&[&args[..], &["--method", m]].concat());
        let want = with("montgomery");
        for m in [
            "lambda-naf",
            "lambda-naf:w=2",
            "lambda-naf:w=6",
            "halve-add",
            "halve-add:w=2",
            "halve-add:w=6",
        ] {
            assert_eq!(with(m), want, "{m} k = {k} P = {point:?}");
        }
        if k == B233_D && point.is_none() {
            assert_eq!(want, B233_Q);
        }
    }
    // Counts measured while the methods run: from (x, ỹ), so with the decompression
    // (I + H); halve-add halves once per bit of n below the lowest nonzero digit.
    let count = |m: &str| -> serde_json::Value {
        let line = ok_line(&[
            "count",
            "--curve",
            "B-233",
            "--method",
            m,
            "--curves",
            "2",
            "--scalars",
            "2",
            "--json",
        ]);
        serde_json::from_str(&line).expect("JSON")
    };
    let v = count("halve-add:w=4");
    assert_eq!(
        (v["I"].as_f64(), v["stored_points"].as_u64()),
        (Some(3.0), Some(4))
    );
    let h = v["H"].as_f64().unwrap();
    assert!((225.0..=234.0).contains(&h), "{v}");
    let v = count("lambda-naf:w=4");
    assert_eq!(
        (v["I"].as_f64(), v["H"].as_f64()),
        (Some(4.0), Some(1.0)),
        "{v}"
    );
    // The random curves of `--degree` have no known order: halve-add is refused.
    assert_usage_error(&ecsm(
        &[
            "count",
            "--degree",
            "233",
            "--method",
            "halve-add",
            "--curves",
            "1",
        ],
        None,
    ));
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

// ---- GLS254 (seed 001): the same contract on `gls254`. Vectors: crrl 0.9.0
// (crates/ecsm-suite/tests/data/gls254_crrl_vectors.txt, scalars converted to hex here); the
// points T, G + T, the compressed forms and the ECDH secret were computed by a separate
// plain-Python GF(2^127)[u] script (affine double-and-add), not by ecsm.

const GLS_G: &str = "0425f2f29fcbdec78e9d1932cb5fa5b9bf47e70d2dca8c72105be5f4eb93d8712a16eb29f9ae94bf9f8dbbc4e8c7acac51437794b879c85fe3897c7f9652fb4737";
const GLS_GC: &str = "0225f2f29fcbdec78e9d1932cb5fa5b9bf47e70d2dca8c72105be5f4eb93d8712a";
const GLS_3G: &str = "046c61ae7addf0e50c17e853b168f254a901f12047491b39b6ffdfbabb3f016bcd4d040944d4ca8337a0566e15a57402647a0ad4bdf87db599771055ed0cfd4f49";
const GLS_D1: &str = "b0c89b9fbfc7b221c1afe313115d1003155c8ad3ffa09ca776de29e28b445c0";
const GLS_Q1: &str = "046cc8835eed58d35b8b6be7fe477d0a6d388da4df815deebb9b603960c3926db42bc797e7d8fc9fec4ee7164c37d3fafc480848589e86d59ba02f43d9c296ddf3";
const GLS_Q1C: &str = "026cc8835eed58d35b8b6be7fe477d0a6d388da4df815deebb9b603960c3926db4";
const GLS_D2: &str = "16c1cdf33adfabf659c556893368a100b84a0e0680a5ee3db724f738ab34b4e0";
const GLS_Q2: &str = "040e743e3a0f5915ca0bb5de7b60aa1baf16260735aa626f33ac2a9881864e58be4d8b99135eb9f8d24c39fad9efa7a17e33a4ee86b6440885b2e021ab66335138";
const GLS_Q2C: &str = "020e743e3a0f5915ca0bb5de7b60aa1baf16260735aa626f33ac2a9881864e58be";
/// x([d1·d2]G).
const GLS_SECRET: &str = "6db906f447c2e107a61cc3c060ccedfb4dae0397bc005d0999ee8bdeb95699fd";
/// T = (0, √b), the point of order 2, and G + T: on the curve, outside the subgroup.
const GLS_T: &str = "0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000020000000200000000001";
const GLS_TC: &str = "020000000000000000000000000000000000000000000000000000000000000000";
const GLS_G_PLUS_T: &str = "041886ef37fad8cae6e34b19c377e340ea5af564e245deff434fa3c38b33fd0dcb3dc7f566c8dafd8d57669e2de885ce03161c399e20a815866028761010774443";
const GLS_G_PLUS_TC: &str = "021886ef37fad8cae6e34b19c377e340ea5af564e245deff434fa3c38b33fd0dcb";

fn gls_methods() -> Vec<String> {
    stdout(&ecsm(&["methods", "--curve", "gls254"], None))
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn gls254_methods_lists_all_six() {
    assert_eq!(
        gls_methods(),
        [
            "ld-dbl-add:w=4",
            "lambda-dbl-add:w=4",
            "ld-halve-add:w=4",
            "lambda-halve-add:w=4",
            "lambda-parallel:w=4",
            "lambda-ct:w=5",
        ]
    );
    let out = stdout(&ecsm(&["curves"], None));
    let line = out
        .lines()
        .find(|l| l.starts_with("gls254 "))
        .expect("gls254 listed");
    let cols: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(cols[..4], ["gls254", "GF(2^254)", "254", "2"], "{line}");
    assert!(
        out.lines().any(|l| l.starts_with("gls254-ches2013 ")),
        "{out}"
    );
}

#[test]
fn gls254_mul_matches_crrl_with_every_method() {
    assert_eq!(
        ok_line(&["mul", "--curve", "gls254", "--scalar", "3"]),
        GLS_3G
    );
    assert_eq!(
        ok_line(&["mul", "--curve", "GLS254", "--scalar", GLS_D1]),
        GLS_Q1
    );
    assert_eq!(
        ok_line(&["mul", "--curve", "gls254", "--scalar", "1"]),
        GLS_G
    );
    let mut methods = gls_methods();
    methods.extend(
        [
            "ld-dbl-add:w=2",
            "lambda-halve-add:w=8",
            "lambda-parallel:w=5,t=0",
            "lambda-parallel:w=4,t=64",
            "lambda-parallel:w=8,t=128",
            "lambda-ct:w=2",
        ]
        .map(String::from),
    );
    for m in &methods {
        for (k, want) in [(GLS_D1, GLS_Q1), (GLS_D2, GLS_Q2)] {
            assert_eq!(
                ok_line(&["mul", "--curve", "gls254", "--scalar", k, "--method", m]),
                want,
                "{m}"
            );
        }
        // [3]P with P given compressed and uncompressed.
        for p in [GLS_G, GLS_GC] {
            assert_eq!(
                ok_line(&[
                    "mul", "--curve", "gls254", "--scalar", "3", "--point", p, "--method", m
                ]),
                GLS_3G,
                "{m}"
            );
        }
    }
    assert_eq!(
        ok_line(&[
            "mul",
            "--curve",
            "gls254",
            "--scalar",
            GLS_D2,
            "--compressed"
        ]),
        GLS_Q2C
    );
    // [r]G = O.
    let r = "200000000000000000000000000000003f1a47dedc1a1dad3cbde37cf43a8cf5";
    assert_eq!(ok_line(&["mul", "--curve", "gls254", "--scalar", r]), "00");
    for bad in [
        &[
            "mul",
            "--curve",
            "gls254",
            "--scalar",
            "1",
            "--method",
            "lambda-ct:w=9",
        ][..],
        &[
            "mul",
            "--curve",
            "gls254",
            "--scalar",
            "1",
            "--method",
            "lambda-parallel:t=129",
        ],
        &[
            "mul",
            "--curve",
            "gls254",
            "--scalar",
            "1",
            "--method",
            "montgomery",
        ],
    ] {
        assert_usage_error(&ecsm(bad, None));
    }
}

#[test]
fn gls254_points_outside_the_subgroup_exit_1() {
    for p in [GLS_T, GLS_TC, GLS_G_PLUS_T, GLS_G_PLUS_TC] {
        for m in [None, Some("lambda-ct"), Some("ld-dbl-add:w=3")] {
            let mut args = vec!["mul", "--curve", "gls254", "--scalar", "5", "--point", p];
            if let Some(m) = m {
                args.extend(["--method", m]);
            }
            let o = ecsm(&args, None);
            assert_eq!(o.status.code(), Some(1), "{p} {m:?}: {}", stderr(&o));
            assert!(o.stdout.is_empty());
            assert_eq!(stderr(&o).trim_end().lines().count(), 1);
            assert!(stderr(&o).contains("subgroup"), "{}", stderr(&o));
        }
        let o = ecsm(&["validate", "--curve", "gls254", p], None);
        assert_eq!(o.status.code(), Some(1));
        assert!(stdout(&o).starts_with("invalid: "), "{}", stdout(&o));
        assert!(stdout(&o).contains("subgroup"), "{}", stdout(&o));
        let o = ecsm(
            &[
                "ecdh",
                "--curve",
                "gls254",
                "--private",
                GLS_D1,
                "--peer",
                p,
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(1));
        assert!(stderr(&o).contains("subgroup"), "{}", stderr(&o));
    }
    // They are on the curve, so decompress accepts them.
    assert_eq!(ok_line(&["decompress", "--curve", "gls254", GLS_TC]), GLS_T);
    assert_eq!(
        ok_line(&["decompress", "--curve", "gls254", GLS_G_PLUS_TC]),
        GLS_G_PLUS_T
    );
}

#[test]
fn gls254_decompress_validate_ecdh() {
    assert_eq!(ok_line(&["decompress", "--curve", "gls254", GLS_GC]), GLS_G);
    assert_eq!(
        ok_line(&["decompress", "--curve", "gls254", GLS_Q1C]),
        GLS_Q1
    );
    assert_eq!(
        ok_line(&["decompress", "--curve", "gls254", GLS_Q2]),
        GLS_Q2
    );
    for p in [GLS_G, GLS_GC, GLS_Q1, GLS_Q2C] {
        assert_eq!(ok_line(&["validate", "--curve", "gls254", p]), "valid");
    }
    // Off the curve, bit 127 of a coordinate's half, O.
    let mut off = GLS_Q1.to_string();
    off.replace_range(off.len() - 1.., "2");
    // x with bit 127 of c1 set: its first byte 25 becomes a5.
    let high = format!("02a5{}", &GLS_GC[4..]);
    for (p, why) in [
        (off.as_str(), "not on the curve"),
        (high.as_str(), "canonical"),
        ("00", "infinity"),
    ] {
        let o = ecsm(&["validate", "--curve", "gls254", p], None);
        assert_eq!(o.status.code(), Some(1), "{p}");
        assert!(stdout(&o).contains(why), "{}", stdout(&o));
    }
    // ECDH: both sides agree, with the independent secret, and with mul.
    let s12 = ok_line(&[
        "ecdh",
        "--curve",
        "gls254",
        "--private",
        GLS_D1,
        "--peer",
        GLS_Q2C,
    ]);
    let s21 = ok_line(&[
        "ecdh",
        "--curve",
        "gls254",
        "--private",
        GLS_D2,
        "--peer",
        GLS_Q1,
    ]);
    assert_eq!(s12, GLS_SECRET);
    assert_eq!(s21, GLS_SECRET);
    let p = ok_line(&[
        "mul",
        "--curve",
        "gls254",
        "--scalar",
        GLS_D1,
        "--point",
        GLS_Q2,
        "--method",
        "ld-halve-add:w=5",
    ]);
    assert_eq!(&p[2..66], GLS_SECRET);
    let o = ecsm(
        &[
            "ecdh",
            "--curve",
            "gls254",
            "--private",
            "0",
            "--peer",
            GLS_Q1,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("[1, n"), "{}", stderr(&o));
}

#[test]
fn edwards_curves_are_listed_and_every_method_agrees() {
    let out = stdout(&ecsm(&["curves"], None));
    for (name, field, bits) in [
        ("ed448", "GF(p)[448]", "446"),
        ("e-521", "GF(p)[521]", "519"),
    ] {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{name} listed"));
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cols[..4], [name, field, bits, "4"]);
        let methods = stdout(&ecsm(&["methods", "--curve", name], None));
        for m in ["naf:w=4", "db-chain", "yao-dbns", "yao-bzns", "db-opt"] {
            assert!(
                methods.lines().any(|l| l.starts_with(m)),
                "{name}: {methods}"
            );
        }
        let k = "123456789abcdef0fedcba987654321";
        let answers: Vec<String> = methods
            .lines()
            .map(|m| ok_line(&["mul", "--curve", name, "--scalar", k, "--method", m]))
            .collect();
        assert!(
            answers.iter().all(|a| a == &answers[0]),
            "{name}: {answers:?}"
        );
        assert!(answers[0].starts_with("04"));
        // The result is a point: feeding it back is accepted.
        ok_line(&[
            "mul",
            "--curve",
            name,
            "--scalar",
            "3",
            "--point",
            &answers[0],
        ]);
        // Off the curve: flip the last digit of y.
        let mut bad = answers[0].clone();
        let last = bad.pop().unwrap();
        bad.push(if last == '0' { '1' } else { '0' });
        let o = ecsm(
            &["mul", "--curve", name, "--scalar", "3", "--point", &bad],
            None,
        );
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(stderr(&o).contains("not on the curve"), "{}", stderr(&o));
    }
    // P-256 and secp256k1 list the double-base methods (checked against OpenSSL by
    // methods_are_accepted_as_printed and the library's known answers).
    let p256 = stdout(&ecsm(&["methods", "--curve", "secp256k1"], None));
    assert!(p256.lines().any(|l| l.starts_with("yao-dbns:")), "{p256}");
}

#[test]
fn count_shape_json_has_the_contract_fields() {
    let o = ecsm(
        &[
            "count",
            "--shape",
            "jacobian-3",
            "--bits",
            "160",
            "--method",
            "yao-dbns:b=131,t=19",
            "--scalars",
            "20",
            "--json",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    for key in [
        "shape", "bits", "method", "scalars", "ops", "M", "S", "C", "total_M",
    ] {
        assert!(v.get(key).is_some(), "{key} missing: {v}");
    }
    assert_eq!(v["shape"], "jacobian-3");
    assert_eq!(v["bits"], 160);
    assert_eq!(v["scalars"], 20);
    let (m, s, total) = (
        v["M"].as_f64().unwrap(),
        v["S"].as_f64().unwrap(),
        v["total_M"].as_f64().unwrap(),
    );
    assert!((total - (m + 0.8 * s)).abs() < 1e-6);
    // 131 bounds the doublings: at most 131 DBL and 19 TPL per multiplication.
    let dbl = v["ops"]["DBL"].as_f64().unwrap();
    assert!(dbl > 100.0 && dbl <= 131.0, "{v}");
    assert!(v["ops"]["TPL"].as_f64().unwrap() <= 19.0);
    // Bad shape, bits, bounds, method: exit 2, one line.
    for args in [
        &[
            "count",
            "--shape",
            "weierstrass",
            "--bits",
            "160",
            "--method",
            "naf:w=4",
        ][..],
        &[
            "count", "--shape", "edwards", "--bits", "128", "--method", "naf:w=4",
        ],
        &[
            "count",
            "--shape",
            "edwards",
            "--bits",
            "256",
            "--method",
            "yao-dbns:b=10,t=10",
        ],
        &[
            "count",
            "--shape",
            "edwards",
            "--bits",
            "256",
            "--method",
            "montgomery",
        ],
        &["count", "--shape", "edwards", "--method", "naf:w=4"],
        &[
            "sweep", "--shape", "edwards", "--bits", "160", "--method", "naf:w=4",
        ],
    ] {
        assert_usage_error(&ecsm(args, None));
    }
}

#[test]
fn sweep_finds_a_best_pair() {
    let o = ecsm(
        &[
            "sweep",
            "--shape",
            "edwards",
            "--bits",
            "160",
            "--method",
            "yao-dbns",
            "--scalars",
            "2",
            "--json",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let pairs = v["pairs"].as_array().unwrap();
    assert!(
        pairs.len() > 100,
        "every b_max has its t_max: {}",
        pairs.len()
    );
    let best = v["best"]["total_M"].as_f64().unwrap();
    assert!(pairs.iter().all(|p| p["total_M"].as_f64().unwrap() >= best));
}

// ---- τNAF on the Koblitz curves. Vector: OpenSSL 3.0's first sect233k1 key
// (crates/ecsm-suite/tests/data/openssl_binary_vectors.txt).

const K233_D: &str = "2af760f0812f1e9eb2b4eabfae23c662d6655d5fadb7787d5b9527ddf0";
const K233_Q: &str = "04007ed5405fb65ce5ac0c35ccb175dec6dacbb8184197c843b387afcec0ec00fe7f955590d0a6f50f8f669fd7fb2e0963eae0b2ea12116f14820a0e35";
const K233_QC: &str = "03007ed5405fb65ce5ac0c35ccb175dec6dacbb8184197c843b387afcec0ec";
/// The order n of K-233 (FIPS 186-4 D.1.3).
const K233_N: &str = "8000000000000000000000000000069d5bb915bcd46efb1ad5f173abdf";

#[test]
fn tnaf_is_listed_on_the_koblitz_curves_and_agrees_with_the_ladder() {
    let k233 = stdout(&ecsm(&["methods", "--curve", "K-233"], None));
    assert!(k233.lines().any(|l| l == "tnaf:w=4"), "{k233}");
    assert!(k233.lines().any(|l| l == "tnaf-ct:w=5"), "{k233}");
    assert!(k233.lines().any(|l| l == "tnaf-rl:w=4"), "{k233}");
    let b233 = stdout(&ecsm(&["methods", "--curve", "B-233"], None));
    assert!(!b233.contains("tnaf"), "{b233}");
    // Not on a B-curve, not with a width outside 2..=6.
    for (curve, m, why) in [
        ("B-233", "tnaf", "does not apply"),
        ("B-233", "tnaf:w=4", "does not apply"),
        ("K-233", "tnaf:w=9", "must be in 2..=6"),
        ("K-233", "tnaf:w=1", "must be in 2..=6"),
        ("K-233", "tnaf:k=2", "takes no parameter"),
        ("B-233", "tnaf-ct", "does not apply"),
        ("K-233", "tnaf-ct:w=2", "must be in 3..=6"),
        ("B-233", "tnaf-rl", "does not apply"),
        ("K-233", "tnaf-rl:w=7", "must be in 2..=6"),
    ] {
        let o = ecsm(
            &["mul", "--curve", curve, "--scalar", "5", "--method", m],
            None,
        );
        assert_usage_error(&o);
        assert!(stderr(&o).contains(why), "{m}: {}", stderr(&o));
    }
    assert_eq!(
        ok_line(&["mul", "--curve", "K-233", "--scalar", K233_D, "--method", "tnaf:w=5"]),
        K233_Q
    );
    assert_eq!(
        ok_line(&["mul", "--curve", "K-233", "--scalar", K233_D, "--method", "tnaf-ct"]),
        K233_Q
    );
    assert_eq!(
        ok_line(&["mul", "--curve", "K-233", "--scalar", K233_D, "--method", "tnaf-rl"]),
        K233_Q
    );
    // T = (0, 1) (order 2), n, n + 1, a 4096-bit scalar, from (x, ỹ) and affine.
    let t = format!("02{}", "00".repeat(30));
    let n_plus_1 = format!("{}e0", &K233_N[..K233_N.len() - 2]);
    let all_ones = "f".repeat(1024);
    let cases: [(&str, Option<&str>); 7] = [
        (K233_D, Some(K233_QC)),
        ("1", Some(K233_Q)),
        (K233_N, Some(K233_Q)),
        (&n_plus_1, Some(K233_QC)),
        (&all_ones, Some(K233_QC)),
        ("3", Some(&t)),
        ("4", Some(&t)),
    ];
    for (k, point) in cases {
        let mut args = vec!["mul", "--curve", "K-233", "--scalar", k];
        if let Some(p) = point {
            args.extend(["--point", p]);
        }
        let with = |m: &str| ok_line(&[&args[..], &["--method", m]].concat());
        let want = with("montgomery");
        for m in [
            "tnaf",
            "tnaf:w=2",
            "tnaf:w=3",
            "tnaf:w=4",
            "tnaf:w=6",
            "tnaf-ct",
            "tnaf-ct:w=3",
            "tnaf-ct:w=4",
            "tnaf-ct:w=6",
            "tnaf-rl",
            "tnaf-rl:w=2",
            "tnaf-rl:w=3",
            "tnaf-rl:w=5",
            "tnaf-rl:w=6",
        ] {
            assert_eq!(with(m), want, "{m} k = {k} P = {point:?}");
        }
    }
    let o = ok_line(&[
        "bench", "--curve", "K-233", "--method", "tnaf:w=5", "--json", "--quick",
    ]);
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!(v["method"], "tnaf:w=5");
    assert!(v["median_ns"].as_f64().unwrap() > 0.0);
    // Counted: one inversion for the table, one at the end, one in the decompression.
    let line = ok_line(&[
        "count",
        "--curve",
        "K-233",
        "--method",
        "tnaf:w=5",
        "--curves",
        "2",
        "--scalars",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&line).expect("JSON");
    assert_eq!(
        (v["I"].as_f64(), v["stored_points"].as_u64()),
        (Some(3.0), Some(8))
    );
    // The random curves of `--degree` are not Koblitz curves: refused.
    assert_usage_error(&ecsm(
        &[
            "count", "--degree", "233", "--method", "tnaf", "--curves", "1",
        ],
        None,
    ));
}

/// `ecsm ct-check ARGS --json`, which must succeed, as its one JSON object.
fn ct_check_json(args: &[&str]) -> serde_json::Value {
    let all: Vec<&str> = ["ct-check"]
        .into_iter()
        .chain(args.iter().copied())
        .chain(["--json"])
        .collect();
    let o = ecsm(&all, None);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(stdout(&o).trim()).expect("one JSON object")
}

/// `ct-check`'s contract: JSON with the four keys, and its power on the
/// variable-time ladder (each step branches on a scalar bit), which must show at a small
/// sample size: dudect calls |t| > 10 a certain leak, and 3,000 samples gave 13 on a
/// machine loaded with four builds and 55–108 on a less loaded one; 10,000 (half a
/// second) leave room for a heavier load.
#[test]
fn ct_check_flags_the_variable_time_ladder() {
    let v = ct_check_json(&[
        "--curve",
        "B-233",
        "--method",
        "montgomery",
        "--samples",
        "10000",
    ]);
    assert_eq!(v["curve"], "sect233r1");
    assert_eq!(v["method"], "montgomery");
    assert_eq!(v["samples"], 10000);
    assert_eq!(v["fixed"], "short");
    let t = v["max_t"].as_f64().expect("max_t");
    assert!(
        t > 10.0,
        "max_t = {t}: the checker missed the ladder's leak"
    );
}

#[test]
fn ct_check_rejects_bad_requests() {
    // Too few samples, an unknown method, an unknown curve: usage errors.
    for args in [
        &[
            "ct-check",
            "--curve",
            "P-256",
            "--method",
            "ecdh",
            "--samples",
            "10",
        ][..],
        &["ct-check", "--curve", "P-256", "--method", "no-such-method"],
        &[
            "ct-check", "--curve", "P-256", "--method", "ecdh", "--fixed", "full",
        ],
        &["ct-check", "--curve", "no-such-curve", "--method", "ecdh"],
        &["ct-check", "--curve", "P-256"],
    ] {
        assert_usage_error(&ecsm(args, None));
    }
    // A curve without ECDH: rejected with exit 1 and one line.
    let o = ecsm(
        &[
            "ct-check",
            "--curve",
            "ed448",
            "--method",
            "ecdh",
            "--samples",
            "200",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("ECDH"), "{}", stderr(&o));
}

/// `lambda-parallel` in a process confined to one processor (`taskset -c 0`, when the
/// machine has it) runs its halving half on the calling thread and gives the same
/// crrl-checked answers.
#[test]
fn gls254_parallel_on_one_processor() {
    let probe = Command::new("taskset").args(["-c", "0", "true"]).output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("note: taskset unavailable; gls254_parallel_on_one_processor skipped");
        return;
    }
    for (k, want) in [(GLS_D1, GLS_Q1), (GLS_D2, GLS_Q2)] {
        let o = Command::new("taskset")
            .args(["-c", "0", env!("CARGO_BIN_EXE_ecsm")])
            .args(["mul", "--curve", "gls254", "--scalar", k])
            .args(["--method", "lambda-parallel:w=4,t=64"])
            .env_remove("ECSM_BACKEND")
            .output()
            .expect("taskset runs");
        assert!(o.status.success(), "stderr: {}", stderr(&o));
        assert_eq!(stdout(&o).trim(), want);
    }
    // The counts do not depend on which thread ran the halving half: one processor (the
    // caller runs it) against two (the worker does, unless the caller got there first).
    let count = |pinned: bool| {
        let args = [
            "count",
            "--curve",
            "gls254",
            "--method",
            "lambda-parallel:w=4,t=64",
            "--scalars",
            "3",
            "--json",
        ];
        let o = if pinned {
            Command::new("taskset")
                .args(["-c", "0", env!("CARGO_BIN_EXE_ecsm")])
                .args(args)
                .output()
                .expect("taskset runs")
        } else {
            ecsm(&args, None)
        };
        assert!(o.status.success(), "stderr: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
        (
            v["I"].clone(),
            v["H"].clone(),
            v["M"].clone(),
            v["S"].clone(),
        )
    };
    let one = count(true);
    assert!(one.2.as_f64().is_some_and(|m| m > 100.0), "{one:?}");
    assert_eq!(one, count(false));
}

/// `ct-check --fixed typical`: the run happens and says which fixed class it used.
#[test]
fn ct_check_takes_a_typical_fixed_scalar() {
    let v = ct_check_json(&[
        "--curve",
        "P-256",
        "--method",
        "ecdh",
        "--samples",
        "300",
        "--fixed",
        "typical",
    ]);
    assert_eq!(v["fixed"], "typical");
    assert_eq!(v["samples"], 300);
    assert!(v["max_t"].as_f64().is_some(), "{v}");
}
