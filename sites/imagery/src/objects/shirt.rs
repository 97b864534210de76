//! Shirts laid flat, front view: a t-shirt, a long-sleeve shirt, a polo shirt, a henley,
//! a graphic tee and a rugby shirt.

use super::super::painter::{IVORY, Painter};
use super::super::shapes::{circle, curve, line, poly, rounded, rrect};
use crate::model::ShirtModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (180.0, 170.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: ShirtModel) {
    let long = matches!(
        model,
        ShirtModel::LongSleeveShirt | ShirtModel::HenleyShirt | ShirtModel::RugbyShirt
    );
    let sleeves: &[(f32, f32)] = if long {
        &[(176.0, 150.0), (150.0, 154.0), (142.0, 70.0)]
    } else {
        &[(178.0, 54.0), (154.0, 72.0), (142.0, 58.0)]
    };
    let mut outline = vec![
        (60.0, 6.0),
        (80.0, 18.0),
        (100.0, 18.0),
        (120.0, 6.0),
        (150.0, 16.0),
    ];
    outline.extend_from_slice(sleeves);
    outline.extend([(142.0, 166.0), (38.0, 166.0)]);
    outline.extend(sleeves.iter().rev().map(|&(x, y)| (180.0 - x, y)));
    outline.push((30.0, 16.0));
    p.body(rounded(&outline, 4.0));
    p.seam(
        curve(&[
            (60.0, 7.0),
            (72.0, 22.0),
            (90.0, 26.0),
            (108.0, 22.0),
            (120.0, 7.0),
        ]),
        p.dim(0.6),
        0.9,
        3.0,
    );
    p.seam(line(38.0, 160.0, 142.0, 160.0), p.dim(0.6), 0.6, 1.2);
    match model {
        ShirtModel::HenleyShirt => {
            // A buttoned placket below a collarless neck.
            p.tone(rrect(84.0, 20.0, 12.0, 46.0, 2.0), p.dim(0.85));
            for y in [30.0, 42.0, 54.0] {
                p.flat(circle(90.0, y, 2.5), IVORY, 1.0);
            }
            cuffs(p);
        }
        ShirtModel::GraphicTee => {
            // A printed graphic: a star in a circle.
            p.tone(circle(90.0, 80.0, 34.0), p.secondary());
            let star: Vec<(f32, f32)> = (0..10)
                .map(|i| {
                    let a = i as f32 * std::f32::consts::PI / 5.0 - std::f32::consts::FRAC_PI_2;
                    let r = if i % 2 == 0 { 26.0 } else { 11.0 };
                    (90.0 + a.cos() * r, 80.0 + a.sin() * r)
                })
                .collect();
            p.flat(poly(&star), IVORY, 1.0);
        }
        ShirtModel::RugbyShirt => {
            // A white collar and broad hoops across the body.
            for i in 0..4 {
                let y = 60.0 + i as f32 * 26.0;
                p.flat(
                    super::super::shapes::rect(38.0, y, 104.0, 11.0),
                    p.secondary(),
                    1.0,
                );
            }
            p.tone(poly(&[(62.0, 6.0), (88.0, 22.0), (70.0, 42.0)]), IVORY);
            p.tone(poly(&[(118.0, 6.0), (92.0, 22.0), (110.0, 42.0)]), IVORY);
            p.tone(rrect(84.0, 20.0, 12.0, 30.0, 2.0), IVORY);
            cuffs(p);
        }
        ShirtModel::LongSleeveShirt => {
            for x in [20.0, 160.0] {
                p.seam(line(x - 8.0, 138.0, x + 8.0, 140.0), p.dim(0.55), 0.8, 2.0);
            }
        }
        ShirtModel::PoloShirt => {
            p.tone(
                poly(&[(62.0, 6.0), (88.0, 22.0), (72.0, 40.0)]),
                p.dim(0.85),
            );
            p.tone(
                poly(&[(118.0, 6.0), (92.0, 22.0), (108.0, 40.0)]),
                p.dim(0.85),
            );
            p.seam(line(90.0, 24.0, 90.0, 62.0), p.dim(0.55), 0.9, 1.5);
            for y in [34.0, 48.0] {
                p.flat(circle(90.0, y, 2.5), IVORY, 1.0);
            }
        }
        _ => {}
    }
}

/// Cuffs at the ends of long sleeves.
fn cuffs(p: &mut Painter<'_>) {
    for x in [20.0, 160.0] {
        p.seam(line(x - 8.0, 138.0, x + 8.0, 140.0), p.dim(0.55), 0.8, 2.0);
    }
}
