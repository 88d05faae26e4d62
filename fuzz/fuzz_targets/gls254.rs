#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = ecsm::fuzz_props::gls254(data) {
        panic!("{e}");
    }
});
