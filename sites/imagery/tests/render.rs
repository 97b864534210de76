//! Behaviour of the picture renderer seen through its public API: decoded
//! PNGs, ETags, the cache and error reporting.

use imagery::{
    Backdrop, ImageCache, ImageSpec, ImageryError, NamedColor, ObjectKind, Pattern, render_png,
};

fn spec(kind: ObjectKind) -> ImageSpec {
    ImageSpec {
        model: kind.models()[0],
        primary: NamedColor::Blue,
        secondary: None,
        count: 1,
        pattern: Pattern::Solid,
        text: None,
        backdrop: Backdrop::Studio,
        variation: 1,
    }
}

fn decode(png: &[u8]) -> image::RgbImage {
    image::load_from_memory(png)
        .expect("renderer output is a valid PNG")
        .to_rgb8()
}

/// Fraction of pixels in rows `top..bottom` that differ between two images.
fn changed_fraction(a: &image::RgbImage, b: &image::RgbImage, top: u32, bottom: u32) -> f64 {
    let mut changed = 0usize;
    for y in top..bottom {
        for x in 0..a.width() {
            if a.get_pixel(x, y) != b.get_pixel(x, y) {
                changed += 1;
            }
        }
    }
    changed as f64 / f64::from((bottom - top) * a.width())
}

#[test]
fn the_same_spec_renders_byte_identical_pngs() {
    let mut s = spec(ObjectKind::Bicycle);
    s.text = Some("CITY BIKE".into());
    s.pattern = Pattern::Dotted;
    s.count = 2;
    let first = render_png(&s, 400, 300).expect("renders");
    let again = render_png(&s, 400, 300).expect("renders");
    let other_thread = std::thread::spawn(move || render_png(&s, 400, 300).expect("renders"))
        .join()
        .expect("thread finishes");
    assert_eq!(first, again);
    assert_eq!(first, other_thread);
}

#[test]
fn variation_changes_the_photo() {
    let a = spec(ObjectKind::Car);
    let b = ImageSpec {
        variation: 2,
        ..a.clone()
    };
    assert_ne!(
        render_png(&a, 200, 150).expect("renders"),
        render_png(&b, 200, 150).expect("renders")
    );
}

#[test]
fn every_kind_and_model_renders_at_the_requested_size() {
    for kind in ObjectKind::ALL {
        assert!(kind.models().len() >= 3, "{kind:?}");
        for (index, &model) in kind.models().iter().enumerate() {
            let s = ImageSpec {
                model,
                backdrop: Backdrop::at(index),
                ..spec(kind)
            };
            let png = render_png(&s, 240, 180).expect("renders");
            let img = decode(&png);
            assert_eq!((img.width(), img.height()), (240, 180), "{model:?}");
            assert!(!model.name().is_empty());
        }
        // Models look different from one another.
        let same_backdrop: Vec<Vec<u8>> = kind
            .models()
            .iter()
            .map(|&model| {
                render_png(
                    &ImageSpec {
                        model,
                        ..spec(kind)
                    },
                    240,
                    180,
                )
                .expect("renders")
            })
            .collect();
        for (index, png) in same_backdrop.iter().enumerate() {
            assert!(
                same_backdrop[..index].iter().all(|earlier| earlier != png),
                "{:?} looks like an earlier model",
                kind.models()[index]
            );
        }
    }
}

#[test]
fn printed_text_appears_on_a_sign_at_the_top() {
    let plain = spec(ObjectKind::Guitar);
    let hello = ImageSpec {
        text: Some("HELLO".into()),
        ..plain.clone()
    };
    let world = ImageSpec {
        text: Some("WORLD".into()),
        ..plain.clone()
    };
    let [plain, hello, world] =
        [&plain, &hello, &world].map(|s| decode(&render_png(s, 400, 300).expect("renders")));
    // The sign occupies the top fifth of the photo.
    let (top, bottom) = (12, 60);
    assert!(
        changed_fraction(&plain, &hello, top, bottom) > 0.1,
        "the sign changes the top band"
    );
    assert!(
        changed_fraction(&hello, &world, top, bottom) > 0.01,
        "different words, different ink"
    );
    let ink = (top..bottom)
        .flat_map(|y| (0..400).map(move |x| (x, y)))
        .filter(|&(x, y)| hello.get_pixel(x, y).0.iter().all(|&c| c < 60))
        .count();
    assert!(
        ink > 400,
        "dark letters on the light card: {ink} dark pixels"
    );
}

/// Pixels dark enough to be printing ink.
fn ink(img: &image::RgbImage) -> usize {
    img.pixels().filter(|p| p.0.iter().all(|&c| c < 60)).count()
}

#[test]
fn labels_and_covers_carry_the_printed_text_on_the_object() {
    let printing: Vec<ObjectKind> = ObjectKind::ALL
        .into_iter()
        .filter(|kind| kind.prints_on_itself())
        .collect();
    assert!(printing.len() >= 3, "{printing:?}");
    let mut failures = Vec::new();
    for kind in printing {
        for &model in kind.models() {
            for variation in [1, 2, 3] {
                let plain = ImageSpec {
                    model,
                    variation,
                    primary: NamedColor::Yellow,
                    ..spec(kind)
                };
                let oat = ImageSpec {
                    text: Some("OAT CRUNCH".into()),
                    ..plain.clone()
                };
                let rye = ImageSpec {
                    text: Some("RYE BREAD".into()),
                    ..plain.clone()
                };
                let [plain, oat, rye] = [&plain, &oat, &rye]
                    .map(|s| decode(&render_png(s, 400, 300).expect("renders")));
                let printed = ink(&oat).saturating_sub(ink(&plain));
                if printed <= 150 {
                    failures.push(format!(
                        "{model:?}/{variation}: {printed} dark pixels of text on the label"
                    ));
                }
                if changed_fraction(&oat, &rye, 0, 300) <= 0.003 {
                    failures.push(format!(
                        "{model:?}/{variation}: the same ink for different words"
                    ));
                }
                // No sign: the top band stays as the unlabelled photo has it.
                if changed_fraction(&plain, &oat, 0, 10) != 0.0 {
                    failures.push(format!("{model:?}/{variation}: a sign above"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_single_object_of_every_kind_shows_its_colour() {
    let mut failures = Vec::new();
    for kind in ObjectKind::ALL {
        for &model in kind.models() {
            let s = ImageSpec {
                model,
                primary: NamedColor::Red,
                backdrop: Backdrop::Studio,
                ..spec(kind)
            };
            let img = decode(&render_png(&s, 200, 150).expect("renders"));
            let red = img
                .pixels()
                .filter(|p| p[0] > 150 && p[1] < 70 && p[2] < 70)
                .count();
            if red <= 200 * 150 / 80 {
                failures.push(format!("{model:?}: {red} red pixels at 200x150"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_pattern_shows_the_secondary_colour_on_the_body() {
    let solid = ImageSpec {
        primary: NamedColor::Red,
        ..spec(ObjectKind::Sofa)
    };
    let striped = ImageSpec {
        pattern: Pattern::Striped,
        secondary: Some(NamedColor::Yellow),
        ..solid.clone()
    };
    let yellowish = |img: &image::RgbImage| {
        img.pixels()
            .filter(|p| p[0] > 180 && p[1] > 150 && p[2] < 90)
            .count()
    };
    let solid = decode(&render_png(&solid, 400, 300).expect("renders"));
    let striped = decode(&render_png(&striped, 400, 300).expect("renders"));
    assert_eq!(yellowish(&solid), 0);
    assert!(
        yellowish(&striped) > 2000,
        "yellow stripes: {}",
        yellowish(&striped)
    );
}

#[test]
fn bad_sizes_and_counts_are_rejected_with_a_clear_error() {
    let s = spec(ObjectKind::Lamp);
    for (w, h) in [(0, 300), (15, 300), (400, 2049), (4096, 4096)] {
        let err = render_png(&s, w, h).expect_err("size out of range");
        assert_eq!(
            err,
            ImageryError::SizeOutOfRange {
                width: w,
                height: h
            }
        );
        assert!(err.to_string().contains("16..=2048"), "{err}");
    }
    for count in [0, 5] {
        let err = render_png(&ImageSpec { count, ..s.clone() }, 400, 300).expect_err("bad count");
        assert_eq!(err, ImageryError::CountOutOfRange { count });
    }
    assert!(render_png(&s, 16, 16).is_ok() && render_png(&s, 2048, 16).is_ok());
}

#[test]
fn the_cache_serves_the_same_bytes_and_etag() {
    let cache = ImageCache::new(8 << 20);
    let s = spec(ObjectKind::Phone);
    let first = cache.get(&s, 320, 240).expect("renders");
    let second = cache.clone().get(&s, 320, 240).expect("hit");
    assert_eq!(first, second);
    assert!(
        first.png.as_ptr() == second.png.as_ptr(),
        "a hit shares the stored bytes"
    );
    assert_eq!(
        &first.png[..],
        &render_png(&s, 320, 240).expect("renders")[..]
    );
    assert!(first.etag.starts_with('"') && first.etag.ends_with('"') && first.etag.len() > 10);

    let red = cache
        .get(
            &ImageSpec {
                primary: NamedColor::Red,
                ..s.clone()
            },
            320,
            240,
        )
        .expect("renders");
    let bigger = cache.get(&s, 400, 300).expect("renders");
    assert_ne!(red.etag, first.etag);
    assert_ne!(bigger.etag, first.etag);
    assert_eq!(cache.usage().0, 3);
}

#[test]
fn the_cache_stays_within_its_byte_budget() {
    let one = render_png(&spec(ObjectKind::Table), 200, 150)
        .expect("renders")
        .len();
    let cache = ImageCache::new(one * 3);
    for variation in 0..10 {
        let s = ImageSpec {
            variation,
            ..spec(ObjectKind::Table)
        };
        cache.get(&s, 200, 150).expect("renders");
        assert!(cache.usage().1 <= one * 3, "{:?}", cache.usage());
    }
    let (entries, _) = cache.usage();
    assert!((1..=4).contains(&entries), "{entries} entries kept");
    // The most recent photo is still served from the cache.
    let last = ImageSpec {
        variation: 9,
        ..spec(ObjectKind::Table)
    };
    let before = cache.usage();
    cache.get(&last, 200, 150).expect("hit");
    assert_eq!(cache.usage(), before);
}

#[test]
fn the_cache_is_shared_safely_across_threads() {
    let cache = ImageCache::new(16 << 20);
    let specs: Vec<ImageSpec> = ObjectKind::ALL
        .iter()
        .take(4)
        .map(|&kind| spec(kind))
        .collect();
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let (cache, specs) = (cache.clone(), specs.clone());
            std::thread::spawn(move || {
                // Each thread walks the specs from a different start.
                (0..specs.len())
                    .map(|i| {
                        let s = &specs[(i + t) % specs.len()];
                        (s.kind(), cache.get(s, 160, 120).expect("renders").etag)
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut seen = std::collections::HashMap::new();
    for handle in handles {
        for (kind, etag) in handle.join().expect("thread finishes") {
            assert_eq!(
                seen.entry(kind).or_insert_with(|| etag.clone()),
                &etag,
                "{kind:?}"
            );
        }
    }
    assert_eq!(cache.usage().0, 4);
}
