//! Upholstered seating from the front: three-seat sofa with rolled arms, modern loveseat,
//! tufted sofa, sectional, chaise lounge, futon, daybed, garden bench, porch swing and
//! bean bag.

use super::super::painter::{METAL, Painter, WOOD, shade};
use super::super::shapes::{circle, line, rounded, rrect};
use crate::model::SofaModel;

/// Local frame of the sofas: width × height.
const SIZE: (f32, f32) = (240.0, 120.0);

/// The local frame of a model.
pub(super) fn size(model: SofaModel) -> (f32, f32) {
    match model {
        SofaModel::SectionalSofa => (280.0, 120.0),
        SofaModel::ChaiseLounge => (220.0, 110.0),
        SofaModel::GardenBench => (220.0, 120.0),
        SofaModel::PorchSwing => (220.0, 160.0),
        SofaModel::BeanBag => (160.0, 120.0),
        _ => SIZE,
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: SofaModel) {
    let dark = p.dim(0.6);
    match model {
        SofaModel::SectionalSofa => sectional(p),
        SofaModel::ChaiseLounge => chaise(p),
        SofaModel::Futon => futon(p),
        SofaModel::Daybed => daybed(p),
        SofaModel::GardenBench => slatted_bench(p, 0.0),
        SofaModel::PorchSwing => {
            // A slatted bench hanging on chains from a beam.
            p.tone(rrect(0.0, 0.0, 220.0, 10.0, 2.0), shade(WOOD, 0.8));
            for (top, bottom) in [((24.0, 10.0), (20.0, 80.0)), ((196.0, 10.0), (200.0, 80.0))] {
                p.seam(line(top.0, top.1, bottom.0, bottom.1), METAL, 1.0, 2.5);
            }
            slatted_bench(p, 40.0);
            p.tone(rrect(24.0, 98.0, 172.0, 12.0, 5.0), p.secondary());
        }
        SofaModel::BeanBag => {
            p.body(super::super::shapes::smooth(&[
                (20.0, 118.0),
                (6.0, 80.0),
                (30.0, 30.0),
                (80.0, 8.0),
                (128.0, 24.0),
                (154.0, 76.0),
                (140.0, 118.0),
            ]));
            p.tone(
                super::super::shapes::smooth(&[
                    (40.0, 84.0),
                    (80.0, 70.0),
                    (124.0, 84.0),
                    (80.0, 96.0),
                ]),
                p.dim(0.8),
            );
            p.seam(
                super::super::shapes::curve(&[(36.0, 40.0), (60.0, 60.0), (76.0, 100.0)]),
                dark,
                0.5,
                1.5,
            );
            p.tone(rrect(70.0, 106.0, 20.0, 6.0, 2.0), p.secondary());
        }
        SofaModel::ThreeSeatSofa => {
            for x in [22.0, 212.0] {
                p.tone(rrect(x, 102.0, 6.0, 18.0, 2.0), shade(WOOD, 0.7));
            }
            p.body(rrect(12.0, 14.0, 216.0, 70.0, 14.0));
            p.body(rrect(10.0, 76.0, 220.0, 28.0, 6.0));
            for i in 0..3 {
                let x = 34.0 + i as f32 * 58.0;
                p.body(rrect(x, 22.0, 56.0, 48.0, 10.0));
                p.body(rrect(x, 64.0, 56.0, 20.0, 7.0));
            }
            for x in [0.0, 206.0] {
                p.body(rrect(x, 40.0, 34.0, 64.0, 12.0));
                p.body(rrect(x - 2.0, 34.0, 38.0, 18.0, 9.0));
            }
            p.seam(line(12.0, 92.0, 228.0, 92.0), dark, 0.5, 1.0);
        }
        SofaModel::ModernLoveseat => {
            for (a, b) in [
                ((30.0, 96.0), (20.0, 120.0)),
                ((210.0, 96.0), (220.0, 120.0)),
            ] {
                p.line(line(a.0, a.1, b.0, b.1), METAL, 4.0);
            }
            p.body(rrect(24.0, 24.0, 192.0, 56.0, 6.0));
            p.body(rrect(20.0, 74.0, 200.0, 24.0, 4.0));
            for x in [44.0, 122.0] {
                p.body(rrect(x, 30.0, 74.0, 40.0, 8.0));
                p.body(rrect(x, 64.0, 74.0, 18.0, 5.0));
            }
            for x in [16.0, 196.0] {
                p.body(rrect(x, 50.0, 28.0, 50.0, 4.0));
            }
        }
        _ => {
            for x in [20.0, 214.0] {
                p.tone(
                    rounded(
                        &[
                            (x, 104.0),
                            (x + 8.0, 104.0),
                            (x + 6.0, 120.0),
                            (x + 2.0, 120.0),
                        ],
                        1.0,
                    ),
                    shade(WOOD, 0.55),
                );
            }
            p.body(rrect(14.0, 24.0, 212.0, 64.0, 10.0));
            // Buttoned tufting: a diamond grid of buttons joined by creases.
            for row in 0..3 {
                for col in 0..9 {
                    let x = 32.0 + col as f32 * 22.0 + if row % 2 == 1 { 11.0 } else { 0.0 };
                    let y = 34.0 + row as f32 * 13.0;
                    if x < 210.0 {
                        p.seam(line(x - 8.0, y - 5.0, x + 8.0, y + 5.0), dark, 0.35, 1.0);
                        p.seam(line(x - 8.0, y + 5.0, x + 8.0, y - 5.0), dark, 0.35, 1.0);
                        p.flat(circle(x, y, 1.8), dark, 1.0);
                    }
                }
            }
            p.body(rrect(14.0, 76.0, 212.0, 30.0, 6.0));
            p.body(rrect(34.0, 70.0, 172.0, 18.0, 6.0));
            for x in [0.0, 204.0] {
                p.body(rrect(x, 22.0, 36.0, 84.0, 10.0));
                p.body(rrect(x - 3.0, 18.0, 42.0, 16.0, 8.0));
            }
        }
    }
}

/// Short tapered legs under a seat at these x positions, their tops at `y`.
fn legs(p: &mut Painter<'_>, xs: &[f32], y: f32, bottom: f32) {
    for &x in xs {
        p.tone(
            rounded(
                &[(x, y), (x + 8.0, y), (x + 6.0, bottom), (x + 2.0, bottom)],
                1.0,
            ),
            shade(WOOD, 0.55),
        );
    }
}

/// A three-seat sofa with a chaise end coming forward on the right.
fn sectional(p: &mut Painter<'_>) {
    legs(p, &[22.0, 160.0, 256.0], 104.0, 120.0);
    p.body(rrect(12.0, 14.0, 220.0, 70.0, 12.0));
    p.body(rrect(10.0, 76.0, 190.0, 28.0, 6.0));
    for i in 0..3 {
        let x = 34.0 + i as f32 * 56.0;
        p.body(rrect(x, 22.0, 54.0, 48.0, 10.0));
        p.body(rrect(x, 64.0, 54.0, 20.0, 7.0));
    }
    // The chaise: a deeper, lower seat reaching toward the camera.
    p.body(rrect(200.0, 60.0, 80.0, 46.0, 8.0));
    p.body(rrect(204.0, 54.0, 72.0, 20.0, 8.0));
    p.seam(line(204.0, 82.0, 276.0, 82.0), p.dim(0.6), 0.5, 1.0);
    p.body(rrect(0.0, 38.0, 32.0, 66.0, 12.0));
}

/// A long seat with a raised, scrolled back at one end.
fn chaise(p: &mut Painter<'_>) {
    legs(p, &[16.0, 196.0], 92.0, 110.0);
    p.body(rrect(8.0, 62.0, 204.0, 34.0, 8.0));
    p.body(super::super::shapes::smooth(&[
        (4.0, 96.0),
        (0.0, 40.0),
        (10.0, 6.0),
        (40.0, 8.0),
        (56.0, 40.0),
        (60.0, 70.0),
        (40.0, 96.0),
    ]));
    p.body(rrect(44.0, 56.0, 160.0, 18.0, 8.0));
    p.tone(rrect(150.0, 50.0, 40.0, 14.0, 7.0), p.secondary());
    p.seam(line(14.0, 84.0, 206.0, 84.0), p.dim(0.6), 0.5, 1.0);
}

/// A thick folded mattress on a wooden frame with slatted arms.
fn futon(p: &mut Painter<'_>) {
    let wood = shade(WOOD, 1.05);
    for x in [2.0, 216.0] {
        p.tone(rrect(x, 40.0, 22.0, 80.0, 3.0), wood);
        for y in [56.0, 76.0] {
            p.seam(line(x + 2.0, y, x + 20.0, y), shade(WOOD, 0.6), 0.8, 1.5);
        }
    }
    p.tone(rrect(22.0, 94.0, 196.0, 12.0, 2.0), wood);
    p.body(rounded(
        &[(30.0, 10.0), (210.0, 10.0), (214.0, 70.0), (26.0, 70.0)],
        14.0,
    ));
    p.body(rrect(22.0, 62.0, 196.0, 34.0, 12.0));
    for x in [70.0, 120.0, 170.0] {
        p.flat(circle(x, 38.0, 2.5), p.dim(0.55), 1.0);
        p.flat(circle(x, 78.0, 2.5), p.dim(0.55), 1.0);
    }
}

/// A bed-sized frame with a back and two sides, a mattress and pillows.
fn daybed(p: &mut Painter<'_>) {
    legs(p, &[10.0, 222.0], 106.0, 120.0);
    p.body(rrect(4.0, 12.0, 232.0, 58.0, 6.0));
    for x in [4.0, 210.0] {
        p.body(rrect(x, 30.0, 26.0, 80.0, 6.0));
    }
    p.tone(rrect(28.0, 70.0, 184.0, 32.0, 6.0), [236, 232, 222]);
    p.body(rrect(24.0, 96.0, 192.0, 12.0, 3.0));
    for (x, w) in [(40.0, 60.0), (108.0, 60.0)] {
        p.tone(rrect(x, 42.0, w, 34.0, 12.0), p.secondary());
    }
    p.tone(rrect(174.0, 48.0, 32.0, 28.0, 10.0), p.dim(0.8));
}

/// A slatted bench with a back and curved arms, its seat `drop` below the frame top.
fn slatted_bench(p: &mut Painter<'_>, drop: f32) {
    let y = drop;
    for x in [14.0, 196.0] {
        p.body(rrect(x, y + 10.0, 10.0, 110.0 - drop.min(40.0), 2.0));
    }
    for i in 0..4 {
        p.body(rrect(18.0, y + 12.0 + i as f32 * 12.0, 184.0, 8.0, 2.0));
    }
    for i in 0..3 {
        p.body(rrect(8.0, y + 66.0 + i as f32 * 8.0, 204.0, 6.0, 2.0));
    }
    for x in [4.0, 190.0] {
        p.body(rrect(x, y + 52.0, 26.0, 8.0, 4.0));
        p.body(rrect(
            x + 8.0,
            y + 58.0,
            8.0,
            62.0 - drop.min(40.0) + 0.0,
            2.0,
        ));
    }
}
