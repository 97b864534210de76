//! The photo statistics of issue #50, held cheaply: a few pictures per site-like sample
//! measure closer to photos through the photographic renderer than as drawings. The full
//! measurement (24 per site, with timings) is `agora bench imagery`.

use imagery::{render_photo_png, site_samples, site_statistics};

#[test]
fn developed_pictures_measure_closer_to_photos_than_drawings() {
    for stats in site_statistics(4).expect("renders") {
        let (site, photo, drawing) = (stats.site, stats.photo, stats.drawing);
        println!("  {site:12} drawing {drawing}\n  {site:12} photo   {photo}");
        assert!(photo.flat < drawing.flat, "{site}: {photo} vs {drawing}");
        assert!(
            photo.texture > drawing.texture,
            "{site}: {photo} vs {drawing}"
        );
        assert!(
            photo.colours > drawing.colours,
            "{site}: {photo} vs {drawing}"
        );
    }
}

#[test]
fn developing_is_deterministic() {
    for (_, pictures, (w, h)) in site_samples(2) {
        for picture in &pictures {
            assert_eq!(
                render_photo_png(picture, w, h).expect("renders"),
                render_photo_png(picture, w, h).expect("renders")
            );
        }
    }
}
