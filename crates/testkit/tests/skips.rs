//! The wrapped tests run only where what they need is there: each of these would fail
//! if its macro let it run without it (or, under `CUBIST_REQUIRE_ORACLE=1` or
//! `CUBIST_E2E=1`, does fail, as it should).

use std::path::Path;

cubist_testkit::oracle_test! {
    #[test]
    fn an_oracle_test_runs_only_with_the_reference_models() {
        assert!(cubist_testkit::oracle_dir(&["rubik_ref.py", "cubular_ref.py"]).is_some());
    }
}

cubist_testkit::browser_test! {
    #[test]
    fn the_browser_test_runs_only_with_its_browser() {
        let chromium = std::env::var_os("CHROMIUM").unwrap_or_else(|| "/usr/bin/chromium".into());
        assert!(Path::new(&chromium).exists(), "no chromium");
        let e2e = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/e2e");
        assert!(e2e.join("node_modules/playwright-core").exists(), "no npm ci");
    }
}
