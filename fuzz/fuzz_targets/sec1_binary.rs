#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = ecsm::fuzz_props::sec1_binary(data) {
        panic!("{e}");
    }
});
