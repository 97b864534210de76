use super::*;
use crate::check::{dominant, nearest};
use crate::scene::layout;
use crate::spec::{Backdrop, ImageSpec, NamedColor, ObjectKind};

/// Every model that is drawn with form.
fn solid_models() -> Vec<Model> {
    ObjectKind::ALL
        .iter()
        .flat_map(|kind| kind.models().iter().copied())
        .filter(|&m| has_form(m))
        .collect()
}

/// The lit object pixels alone (transparent elsewhere) of `spec` at `w`×`h`.
fn objects_only(spec: &ImageSpec, w: u32, h: u32) -> Pixmap {
    let layout = layout(spec, w, h);
    let mut backdrop = Pixmap::new(w, h).expect("size");
    let mut layer = Pixmap::new(w, h).expect("size");
    assert!(render(
        spec.model,
        layout.finish,
        &layout.placements,
        spec.variation,
        &mut backdrop,
        &mut layer
    ));
    layer
}

fn spec(model: Model, primary: NamedColor, count: u8, variation: u64) -> ImageSpec {
    ImageSpec {
        model,
        primary,
        secondary: None,
        count,
        pattern: Pattern::Solid,
        text: None,
        backdrop: Backdrop::Studio,
        variation,
    }
}

#[test]
fn the_most_seeded_kinds_have_form() {
    for kind in [
        ObjectKind::Table,
        ObjectKind::Phone,
        ObjectKind::Laptop,
        ObjectKind::Television,
        ObjectKind::Sofa,
        ObjectKind::Lamp,
    ] {
        assert!(kind.models().iter().all(|&m| has_form(m)), "{kind:?}");
    }
    assert!(solid_models().len() >= 50);
}

/// The object's outline at thumbnail size, cropped to its bounds and sampled on a 24×24
/// grid (true = covered), so sizes and placements do not count, only shapes.
fn silhouette(model: Model) -> Vec<bool> {
    let layer = objects_only(&spec(model, NamedColor::Gray, 1, 3), 256, 192);
    let (w, h) = (layer.width() as usize, layer.height() as usize);
    let covered = |x: usize, y: usize| layer.pixels()[y * w + x].alpha() == 255;
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for y in 0..h {
        for x in 0..w {
            if covered(x, y) {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    assert!(x1 > x0 + 8 && y1 > y0 + 8, "{model:?} is too small to see");
    (0..24 * 24)
        .map(|i| {
            let (gx, gy) = (i % 24, i / 24);
            covered(
                x0 + (x1 - x0) * (2 * gx + 1) / 48,
                y0 + (y1 - y0) * (2 * gy + 1) / 48,
            )
        })
        .collect()
}

#[test]
fn the_models_of_a_kind_with_form_have_outlines_of_their_own() {
    for kind in [ObjectKind::Sofa, ObjectKind::Lamp, ObjectKind::Table] {
        let shapes: Vec<(Model, Vec<bool>)> =
            kind.models().iter().map(|&m| (m, silhouette(m))).collect();
        for (i, (a, sa)) in shapes.iter().enumerate() {
            for (b, sb) in &shapes[i + 1..] {
                let differ = sa.iter().zip(sb).filter(|(p, q)| p != q).count();
                // A tenth of the grid: more than a shading or a seam apart.
                assert!(
                    differ > 24 * 24 / 10,
                    "{a:?} and {b:?} differ in {differ} cells"
                );
            }
        }
    }
}

#[test]
fn count_sets_the_number_of_separate_solid_objects() {
    for model in solid_models() {
        for count in 1..=4u8 {
            let s = spec(model, NamedColor::Green, count, u64::from(count) * 17);
            let found = crate::opaque_column_runs(&objects_only(&s, 256, 192));
            assert_eq!(found, usize::from(count), "{model:?} x{count}");
        }
    }
}

#[test]
fn the_primary_colour_dominates_every_solid_object_at_thumbnail_size() {
    let mut failures = Vec::new();
    for model in solid_models() {
        for (i, primary) in NamedColor::ALL.into_iter().enumerate() {
            let layer = objects_only(&spec(model, primary, 1, i as u64 * 31), 256, 192);
            // The lit two fifths of the object's pixels: the side the key light falls on.
            let mut lit: Vec<[u8; 3]> = layer
                .pixels()
                .iter()
                .filter(|p| p.alpha() == 255)
                .map(|p| [p.red(), p.green(), p.blue()])
                .collect();
            lit.sort_by_key(|p| {
                std::cmp::Reverse(u32::from(p[0]) * 3 + u32::from(p[1]) * 6 + u32::from(p[2]))
            });
            lit.truncate((lit.len() * 2).div_ceil(5));
            // Screens, tyres and steel are on every object of their kind; they only count
            // when the object itself is that colour.
            let winner = dominant(lit, primary, &[NamedColor::Black, NamedColor::Silver]);
            if winner != Some(primary) {
                failures.push(format!("{model:?} {primary:?} -> {winner:?}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} misses:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn patterns_put_the_accent_colour_on_the_body() {
    for model in solid_models() {
        for pattern in [Pattern::Striped, Pattern::Dotted, Pattern::Checkered] {
            let s = ImageSpec {
                secondary: Some(NamedColor::Yellow),
                pattern,
                ..spec(model, NamedColor::Blue, 1, 5)
            };
            let layer = objects_only(&s, 256, 192);
            let object: Vec<_> = layer
                .pixels()
                .iter()
                .filter(|p| p.alpha() == 255)
                .map(|p| nearest([p.red(), p.green(), p.blue()]))
                .collect();
            let share = |c| object.iter().filter(|&&n| n == c).count() as f64 / object.len() as f64;
            assert!(
                share(NamedColor::Yellow) > 0.015,
                "{model:?} {pattern:?}: {}",
                share(NamedColor::Yellow)
            );
            assert!(
                share(NamedColor::Blue) > 0.03,
                "{model:?} {pattern:?}: {}",
                share(NamedColor::Blue)
            );
        }
    }
}

#[test]
fn rendering_is_deterministic() {
    let s = spec(solid_models()[0], NamedColor::Red, 2, 9);
    assert_eq!(
        objects_only(&s, 200, 150).data(),
        objects_only(&s, 200, 150).data()
    );
}
