//! SSIM agrees with scikit-image (as VWA calls it) on the fixture pairs written by
//! `scripts/ssim_reference.py`.

use evaluators::ssim::image_ssim;
use serde::Deserialize;
use std::path::PathBuf;

#[derive(Deserialize)]
struct Pair {
    name: String,
    first: String,
    second: String,
    ssim: f64,
}

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ssim")
}

#[test]
fn agrees_with_scikit_image_within_one_thousandth() {
    let reference = std::fs::read_to_string(fixtures().join("reference.json")).expect(
        "tests/fixtures/ssim/reference.json missing: run python3 scripts/ssim_reference.py",
    );
    let pairs: Vec<Pair> = serde_json::from_str(&reference).unwrap();
    assert!(pairs.len() >= 20, "only {} pairs", pairs.len());
    let mut worst = (0.0f64, String::new());
    for pair in &pairs {
        let first = image::open(fixtures().join(&pair.first)).unwrap();
        let second = image::open(fixtures().join(&pair.second)).unwrap();
        let ours = image_ssim(&first, &second).unwrap();
        let difference = (ours - pair.ssim).abs();
        if difference > worst.0 {
            worst = (difference, pair.name.clone());
        }
        assert!(
            difference < 1e-3,
            "{}: ours {ours:.6}, scikit-image {:.6}",
            pair.name,
            pair.ssim
        );
    }
    eprintln!("worst difference {:.2e} on {}", worst.0, worst.1);
}

#[test]
fn threshold_semantics_on_fixtures() {
    // A pair just above VWA's 0.8 default and one clearly below it.
    let open = |name: &str| image::open(fixtures().join(name)).unwrap();
    let blurred = image_ssim(&open("blur_1_a.png"), &open("blur_1_b.png")).unwrap();
    assert!(blurred > 0.8);
    let unrelated = image_ssim(&open("unrelated_a.png"), &open("unrelated_b.png")).unwrap();
    assert!(unrelated < 0.6);
}
