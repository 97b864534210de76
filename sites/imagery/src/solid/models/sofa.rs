//! Sofas and other seating for several: each model's own outline (rolled arms, track arms,
//! a chesterfield's scrolled rim, an L-shaped sectional, a slatted bench on chains).

use super::super::mesh::{Mesh, Paint, Part, Surface, V3, part, v3};
use super::{BODY_FABRIC, BODY_SATIN, DARK, STEEL, TIMBER, four_legs};
use crate::model::SofaModel;

/// Slats in the body colour (garden benches and swings are painted or stained wood).
const SLAT: Part = part(Paint::Body, Surface::Wood);
/// A daybed's painted frame: the body colour, or the accent on a two-tone bed.
const FRAME: Part = part(Paint::Trim, Surface::Satin);
/// Buttons and creases sunk into the upholstery.
const TUFT: Part = part(Paint::Deep, Surface::Fabric);

pub(super) fn sofa(m: &mut Mesh, s: SofaModel) {
    use SofaModel::*;
    match s {
        ThreeSeatSofa => {
            let (w, d) = (2.1, 0.9);
            upholstered(m, w, d, 0.2, 3, 0.95);
            // Rolled arms: a padded block under a roll along its length.
            for sx in [-1.0f32, 1.0] {
                let x = sx * (w / 2.0 - 0.11);
                m.rounded_box(BODY_FABRIC, v3(x, 0.39, 0.0), v3(0.11, 0.19, d / 2.0), 0.05);
                m.tube(
                    BODY_FABRIC,
                    &[
                        v3(x + sx * 0.02, 0.56, -d / 2.0 + 0.1),
                        v3(x + sx * 0.02, 0.56, d / 2.0 - 0.03),
                    ],
                    0.095,
                    16,
                );
            }
            turned_feet(m, w - 0.12, d - 0.1, 0.2);
        }
        ModernLoveseat => {
            let (w, d) = (1.45, 0.8);
            upholstered(m, w, d, 0.24, 2, 0.78);
            // Thin square track arms and splayed metal legs.
            for sx in [-1.0f32, 1.0] {
                m.rounded_box(
                    BODY_FABRIC,
                    v3(sx * (w / 2.0 - 0.045), 0.42, 0.0),
                    v3(0.045, 0.18, d / 2.0),
                    0.015,
                );
                for sz in [-1.0f32, 1.0] {
                    let (x, z) = (sx * (w / 2.0 - 0.1), sz * (d / 2.0 - 0.1));
                    m.tube(
                        STEEL,
                        &[v3(x, 0.25, z), v3(x + sx * 0.05, 0.0, z + sz * 0.05)],
                        0.012,
                        8,
                    );
                }
            }
        }
        TuftedSofa => {
            // A chesterfield: arms as high as the back, one scrolled rim around them both,
            // the back buttoned in a diamond grid, one long seat cushion, bun feet.
            let (w, d, top) = (2.0, 0.88, 0.72);
            // The frame, the seat cushion, the back and the two arms.
            let arm = |sx: f32| {
                (
                    v3(sx * (w / 2.0 - 0.1), 0.385, 0.02),
                    v3(0.1, 0.315, d / 2.0 - 0.02),
                )
            };
            for (centre, half) in [
                (v3(0.0, 0.24, 0.0), v3(w / 2.0, 0.17, d / 2.0)),
                (
                    v3(0.0, 0.47, 0.05),
                    v3(w / 2.0 - 0.22, 0.06, d / 2.0 - 0.06),
                ),
                (
                    v3(0.0, 0.5, -d / 2.0 + 0.1),
                    v3(w / 2.0 - 0.05, top / 2.0 - 0.14, 0.1),
                ),
                arm(-1.0),
                arm(1.0),
            ] {
                m.rounded_box(BODY_FABRIC, centre, half, 0.04);
            }
            let (x, z) = (w / 2.0 - 0.1, d / 2.0 - 0.04);
            m.tube(
                BODY_FABRIC,
                &[
                    v3(-x - 0.02, top, z),
                    v3(-x, top, -d / 2.0 + 0.1),
                    v3(x, top, -d / 2.0 + 0.1),
                    v3(x + 0.02, top, z),
                ],
                0.1,
                16,
            );
            for row in 0..3 {
                for col in 0..9 {
                    let x = -0.72 + col as f32 * 0.18 + if row % 2 == 1 { 0.09 } else { 0.0 };
                    if x < 0.76 {
                        let y = 0.56 + row as f32 * 0.07;
                        m.sphere(TUFT, v3(x, y, -d / 2.0 + 0.2), 0.018, 8);
                    }
                }
            }
            turned_feet(m, w - 0.12, d - 0.12, 0.07);
        }
        SectionalSofa => {
            // An L: a long run along the back and a chaise reaching forward on the right.
            let (w, d, reach) = (2.7, 0.92, 0.8);
            // The run's and the chaise's frames, the back and the two arms.
            let arm =
                |x: f32, depth: f32| (v3(x, 0.42, (depth - d) / 2.0), v3(0.08, 0.18, depth / 2.0));
            for (centre, half) in [
                (v3(0.0, 0.24, 0.0), v3(w / 2.0, 0.14, d / 2.0)),
                (
                    v3(w / 2.0 - 0.45, 0.24, d / 2.0 + reach / 2.0 - 0.02),
                    v3(0.45, 0.14, reach / 2.0),
                ),
                (v3(0.0, 0.58, -d / 2.0 + 0.1), v3(w / 2.0, 0.24, 0.1)),
                arm(-w / 2.0 + 0.08, d),
                arm(w / 2.0 - 0.08, d + reach),
            ] {
                m.rounded_box(BODY_FABRIC, centre, half, 0.03);
            }
            // Seat cushions: two on the run, a long one on the chaise.
            for (x, half_w, z, half_d) in [
                (-0.86, 0.43, 0.1, 0.35),
                (0.0, 0.43, 0.1, 0.35),
                (w / 2.0 - 0.46, 0.37, 0.1 + reach / 2.0, 0.35 + reach / 2.0),
            ] {
                m.rounded_box(
                    BODY_FABRIC,
                    v3(x, 0.44, z),
                    v3(half_w - 0.005, 0.065, half_d),
                    0.05,
                );
            }
            cushion_row(
                m,
                &[-0.86, 0.0, 0.86],
                v3(0.0, 0.66, -d / 2.0 + 0.27),
                v3(0.42, 0.16, 0.08),
            );
            for (x, z) in [
                (-w / 2.0 + 0.06, -d / 2.0 + 0.06),
                (-w / 2.0 + 0.06, d / 2.0 - 0.06),
                (w / 2.0 - 0.06, -d / 2.0 + 0.06),
                (w / 2.0 - 0.06, d / 2.0 + reach - 0.08),
                (w / 2.0 - 0.86, d / 2.0 + reach - 0.08),
            ] {
                m.rounded_box(DARK, v3(x, 0.05, z), v3(0.03, 0.05, 0.03), 0.005);
            }
        }
        ChaiseLounge => {
            // A long seat with its back rising at one end, one low arm along the back edge.
            let (l, d) = (1.65, 0.68);
            m.rounded_box(
                BODY_FABRIC,
                v3(0.0, 0.3, 0.0),
                v3(l / 2.0, 0.12, d / 2.0),
                0.05,
            );
            m.rounded_box(
                BODY_FABRIC,
                v3(0.08, 0.46, 0.0),
                v3(l / 2.0 - 0.1, 0.05, d / 2.0 - 0.02),
                0.05,
            );
            let mut back = Mesh::default();
            back.rounded_box(BODY_FABRIC, v3(0.0, 0.3, 0.0), v3(0.1, 0.32, d / 2.0), 0.08);
            m.add(back, |q| q.roll(-0.5), v3(-l / 2.0 + 0.12, 0.3, 0.0));
            m.rounded_box(
                BODY_FABRIC,
                v3(-0.2, 0.54, -d / 2.0 + 0.05),
                v3(0.55, 0.1, 0.05),
                0.04,
            );
            four_legs(m, TIMBER, l - 0.1, d - 0.08, 0.18, 0.04, 0.04, true);
        }
        Futon => {
            // A thick mattress folded on a wooden frame with open arms.
            let (w, d) = (1.9, 0.85);
            for sx in [-1.0f32, 1.0] {
                let x = sx * (w / 2.0 + 0.03);
                for z in [-d / 2.0 + 0.03, d / 2.0 - 0.03] {
                    m.rounded_box(TIMBER, v3(x, 0.3, z), v3(0.025, 0.3, 0.025), 0.008);
                }
                m.rounded_box(
                    TIMBER,
                    v3(x, 0.6, 0.0),
                    v3(0.045, 0.02, d / 2.0 + 0.02),
                    0.008,
                );
                m.rounded_box(TIMBER, v3(x, 0.12, 0.0), v3(0.02, 0.03, d / 2.0), 0.006);
            }
            m.rounded_box(
                TIMBER,
                v3(0.0, 0.2, d / 2.0 - 0.05),
                v3(w / 2.0, 0.035, 0.02),
                0.006,
            );
            m.rounded_box(
                BODY_FABRIC,
                v3(0.0, 0.35, 0.06),
                v3(w / 2.0 - 0.01, 0.11, d / 2.0 - 0.08),
                0.08,
            );
            let mut back = Mesh::default();
            back.rounded_box(
                BODY_FABRIC,
                v3(0.0, 0.32, 0.0),
                v3(w / 2.0 - 0.01, 0.34, 0.1),
                0.08,
            );
            m.add(back, |q| q.pitch(-0.3), v3(0.0, 0.26, -d / 2.0 + 0.14));
            for x in [-0.6f32, 0.0, 0.6] {
                for (y, z) in [(0.46, 0.06), (0.62, -d / 2.0 + 0.29)] {
                    m.sphere(TUFT, v3(x, y, z), 0.015, 8);
                }
            }
        }
        Daybed => {
            // A twin mattress in a spindled frame with a back and two ends, pillows along
            // the back.
            let (w, d) = (2.0, 0.95);
            let corners = [
                v3(-w / 2.0, 0.0, d / 2.0),
                v3(-w / 2.0, 0.0, -d / 2.0),
                v3(w / 2.0, 0.0, -d / 2.0),
                v3(w / 2.0, 0.0, d / 2.0),
            ];
            for (i, pair) in corners.windows(2).enumerate() {
                let top = if i == 1 { 0.95 } else { 0.7 };
                spindles(m, pair[0], pair[1], top);
            }
            for c in corners {
                let top = if c.z < 0.0 { 1.0 } else { 0.75 };
                m.rounded_box(
                    FRAME,
                    c + v3(0.0, top / 2.0, 0.0),
                    v3(0.03, top / 2.0, 0.03),
                    0.01,
                );
            }
            m.rounded_box(FRAME, v3(0.0, 0.2, d / 2.0), v3(w / 2.0, 0.04, 0.02), 0.006);
            m.rounded_box(
                BODY_FABRIC,
                v3(0.0, 0.36, 0.0),
                v3(w / 2.0 - 0.03, 0.12, d / 2.0 - 0.03),
                0.06,
            );
            cushion_row(
                m,
                &[-0.6, 0.0, 0.6],
                v3(0.0, 0.66, -d / 2.0 + 0.14),
                v3(0.29, 0.19, 0.09),
            );
        }
        GardenBench | PorchSwing => {
            let mut bench = Mesh::default();
            slatted_bench(&mut bench, 1.5, 0.55);
            if s == GardenBench {
                *m = bench;
                return;
            }
            // The swing hangs on chains from an A-frame stand.
            let (lift, beam) = (0.35, 1.95);
            m.add(bench, |q| q, v3(0.0, lift, 0.0));
            for sx in [-1.0f32, 1.0] {
                let x = sx * 0.72;
                for z in [-0.2f32, 0.22] {
                    m.tube(STEEL, &[v3(x, lift + 0.45, z), v3(x, beam, 0.0)], 0.006, 6);
                }
                let x = sx * 1.05;
                for sz in [-1.0f32, 1.0] {
                    m.tube(SLAT, &[v3(x, 0.0, sz * 0.65), v3(x, beam, 0.0)], 0.04, 8);
                }
                m.tube(SLAT, &[v3(x, 0.5, -0.48), v3(x, 0.5, 0.48)], 0.025, 8);
            }
            m.rounded_box(SLAT, v3(0.0, beam + 0.04, 0.0), v3(1.12, 0.05, 0.05), 0.01);
        }
        BeanBag => {
            // A slumped pear, dented where one sits, leaning back a little.
            let mut bag = Mesh::default();
            bag.lathe(
                BODY_SATIN,
                V3::default(),
                &[
                    (0.0, 0.0),
                    (0.34, 0.0),
                    (0.44, 0.06),
                    (0.47, 0.2),
                    (0.43, 0.38),
                    (0.33, 0.54),
                    (0.2, 0.62),
                    (0.09, 0.58),
                    (0.0, 0.55),
                ],
                36,
            );
            m.add(bag, |q| q.pitch(-0.15), V3::default());
            let (lo, _) = m.bounds();
            for v in &mut m.vertices {
                v.p.y -= lo.y;
            }
        }
    }
}

/// A frame, seat cushions and back cushions between the arms of a `w`×`d` sofa raised
/// `lift` on its feet, its back reaching `top`.
fn upholstered(m: &mut Mesh, w: f32, d: f32, lift: f32, seats: usize, top: f32) {
    let seat = lift + 0.24;
    m.rounded_box(
        BODY_FABRIC,
        v3(0.0, (lift + seat) / 2.0, 0.0),
        v3(w / 2.0, (seat - lift) / 2.0, d / 2.0),
        0.04,
    );
    m.rounded_box(
        BODY_FABRIC,
        v3(0.0, (seat + top) / 2.0, -d / 2.0 + 0.1),
        v3(w / 2.0 - 0.02, (top - seat) / 2.0, 0.1),
        0.05,
    );
    let inner = w - 0.44;
    let each = inner / seats as f32;
    for i in 0..seats {
        let x = -inner / 2.0 + each * (i as f32 + 0.5);
        m.rounded_box(
            BODY_FABRIC,
            v3(x, seat + 0.065, 0.1),
            v3(each / 2.0 - 0.006, 0.065, d / 2.0 - 0.11),
            0.05,
        );
        m.rounded_box(
            BODY_FABRIC,
            v3(x, seat + 0.13 + (top - seat - 0.15) / 2.0, -d / 2.0 + 0.27),
            v3(each / 2.0 - 0.01, (top - seat - 0.15) / 2.0, 0.08),
            0.07,
        );
    }
}

/// Back cushions or pillows of half extents `half`, one at each of `xs` (plus `at`).
fn cushion_row(m: &mut Mesh, xs: &[f32], at: V3, half: V3) {
    for &x in xs {
        m.rounded_box(BODY_FABRIC, at + v3(x, 0.0, 0.0), half, half.z * 0.9);
    }
}

/// A wooden rail `top` high from `a` to `b` on the floor, a lower rail and thin spindles
/// between them.
fn spindles(m: &mut Mesh, a: V3, b: V3, top: f32) {
    for y in [top - 0.02, 0.24] {
        m.tube(FRAME, &[a + v3(0.0, y, 0.0), b + v3(0.0, y, 0.0)], 0.018, 8);
    }
    let n = ((b - a).length() / 0.16).round().max(2.0) as usize;
    for i in 1..n {
        let p = a + (b - a) * (i as f32 / n as f32);
        m.tube(
            FRAME,
            &[p + v3(0.0, 0.24, 0.0), p + v3(0.0, top - 0.02, 0.0)],
            0.009,
            6,
        );
    }
}

/// Short turned wooden feet under the corners of a `w`×`d` footprint.
fn turned_feet(m: &mut Mesh, w: f32, d: f32, h: f32) {
    for sx in [-1.0f32, 1.0] {
        for sz in [-1.0f32, 1.0] {
            m.lathe(
                FRAME,
                v3(sx * w / 2.0, 0.0, sz * d / 2.0),
                &[
                    (0.0, 0.0),
                    (0.022, 0.0),
                    (0.03, h * 0.4),
                    (0.036, h * 0.8),
                    (0.03, h),
                    (0.0, h),
                ],
                12,
            );
        }
    }
}

/// A slatted bench `w` wide with a slatted back, arms and legs, its seat `seat` high.
fn slatted_bench(m: &mut Mesh, w: f32, seat: f32) {
    let d = 0.5;
    for i in 0..4 {
        let z = -d / 2.0 + 0.065 + i as f32 * 0.125;
        m.rounded_box(SLAT, v3(0.0, seat, z), v3(w / 2.0, 0.015, 0.055), 0.006);
    }
    let mut back = Mesh::default();
    for i in 0..3 {
        back.rounded_box(
            SLAT,
            v3(0.0, 0.08 + i as f32 * 0.15, 0.0),
            v3(w / 2.0, 0.065, 0.014),
            0.006,
        );
    }
    m.add(back, |q| q.pitch(-0.2), v3(0.0, seat + 0.05, -d / 2.0));
    for sx in [-1.0f32, 1.0] {
        let x = sx * (w / 2.0 + 0.02);
        for z in [-d / 2.0 + 0.02, d / 2.0 - 0.04] {
            let top = if z < 0.0 { seat + 0.48 } else { seat + 0.22 };
            m.rounded_box(SLAT, v3(x, top / 2.0, z), v3(0.03, top / 2.0, 0.03), 0.008);
        }
        m.rounded_box(
            SLAT,
            v3(x, seat + 0.23, 0.0),
            v3(0.035, 0.018, d / 2.0 + 0.02),
            0.008,
        );
        m.rounded_box(
            SLAT,
            v3(x, seat - 0.03, 0.0),
            v3(0.025, 0.03, d / 2.0),
            0.006,
        );
    }
}
