//! The fuzz targets' checked-in corpus and regression inputs (`fuzz/corpus/<target>/`,
//! `fuzz/regressions/<target>/`), replayed through the same property checks the targets
//! run ([`ecsm::fuzz_props`]), so that stable CI covers them without nightly or libFuzzer.

use ecsm::fuzz_props::{self, Check};
use std::path::{Path, PathBuf};

/// A target's property.
type Property = fn(&[u8]) -> Check;

/// Every target of `fuzz/Cargo.toml` with its property.
const TARGETS: &[(&str, Property)] = &[
    ("sec1_prime", fuzz_props::sec1_prime),
    ("sec1_binary", fuzz_props::sec1_binary),
    ("gls254", fuzz_props::gls254),
    ("edwards", fuzz_props::edwards),
    ("hex_text", fuzz_props::hex_text),
    ("method_spec", fuzz_props::method_spec),
    ("field_bytes", fuzz_props::field_bytes),
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir`, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

fn replay(target: &str, check: Property, dir: &Path) -> Vec<String> {
    files(dir)
        .iter()
        .filter_map(|path| {
            let data = std::fs::read(path).expect("readable corpus file");
            check(&data)
                .err()
                .map(|e| format!("{target} {}: {e}", path.display()))
        })
        .collect()
}

#[test]
fn every_target_has_a_corpus() {
    for (target, _) in TARGETS {
        let dir = fuzz_dir().join("corpus").join(target);
        assert!(
            !files(&dir).is_empty(),
            "{} holds no input: the replay would pass vacuously",
            dir.display()
        );
    }
}

#[test]
fn the_targets_are_those_of_the_fuzz_crate() {
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).expect("fuzz/Cargo.toml");
    let bins = manifest.matches("[[bin]]").count();
    assert_eq!(bins, TARGETS.len(), "fuzz/Cargo.toml has {bins} targets");
    for (target, _) in TARGETS {
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "{target} is not a target of fuzz/Cargo.toml"
        );
    }
}

#[test]
fn corpus_and_regressions_hold() {
    let mut failures = Vec::new();
    for &(target, check) in TARGETS {
        for kind in ["corpus", "regressions"] {
            failures.extend(replay(target, check, &fuzz_dir().join(kind).join(target)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
