//! Lamps, switched off: bases, stems and arms, shades of fabric or metal, rings and bulbs.

use super::super::mesh::{Mesh, Paint, Part, Surface, V3, part, v3};
use super::{BODY_FABRIC, BODY_GLOSS, BODY_MATTE, BODY_SATIN, DARK, STEEL, TRIM_SATIN};
use crate::model::LampModel;

/// Brass fittings.
const BRASS: Part = part(Paint::Accent([196, 160, 80]), Surface::Metal);
/// A white diffuser or LED tape.
const DIFFUSER: Part = part(Paint::Fixed([236, 234, 226]), Surface::Satin);
/// A frosted bulb inside a shade.
const BULB: Part = part(Paint::Fixed([242, 238, 226]), Surface::Gloss);
/// Clear lens glass.
const GLASS: Part = part(Paint::Fixed([200, 210, 214]), Surface::Screen);

const X: (V3, V3) = (v3(1.0, 0.0, 0.0), v3(0.0, 1.0, 0.0));

pub(super) fn lamp(m: &mut Mesh, l: LampModel) {
    use LampModel::*;
    match l {
        DeskLamp => {
            // A round base, two arm struts bent at an elbow, a cone shade aimed down.
            disc_base(m, 0.09, 0.025);
            let (elbow, head) = (v3(-0.12, 0.3, 0.0), v3(0.1, 0.5, 0.0));
            for dz in [-0.012f32, 0.012] {
                m.tube(
                    BODY_SATIN,
                    &[
                        v3(0.0, 0.03, dz),
                        elbow + v3(0.0, 0.0, dz),
                        head + v3(0.0, 0.0, dz),
                    ],
                    0.008,
                    8,
                );
            }
            m.sphere(STEEL, elbow, 0.018, 10);
            m.add(cone_shade(0.09, 0.05, 0.15), |q| q.roll(0.5), head);
        }
        MagnifierLamp => {
            // A clamp-style block base, a long arm and a ring holding a round lens.
            m.rounded_box(BODY_SATIN, v3(0.0, 0.03, 0.0), v3(0.09, 0.03, 0.07), 0.01);
            let (elbow, head) = (v3(-0.05, 0.35, 0.0), v3(0.2, 0.55, 0.0));
            m.tube(BODY_SATIN, &[v3(0.0, 0.05, 0.0), elbow, head], 0.011, 8);
            m.sphere(STEEL, elbow, 0.018, 10);
            let face = (v3(1.0, 0.0, 0.0), v3(0.0, 0.6, 0.8));
            let centre = head + v3(0.1, -0.02, 0.05);
            m.ring(BODY_SATIN, centre, face, 0.1, 0.022);
            m.disc(GLASS, centre, v3(0.0, -0.8, 0.6), 0.09, 28);
        }
        FloorLamp => {
            disc_base(m, 0.16, 0.03);
            m.tube(STEEL, &[v3(0.0, 0.03, 0.0), v3(0.0, 1.32, 0.0)], 0.011, 10);
            drum(m, v3(0.0, 1.2, 0.0), (0.24, 0.21), 0.32);
        }
        TableLamp => {
            // A ceramic ginger-jar base, a brass neck and a tapered fabric shade.
            m.lathe(
                BODY_GLOSS,
                V3::default(),
                &[
                    (0.0, 0.0),
                    (0.07, 0.0),
                    (0.1, 0.05),
                    (0.13, 0.15),
                    (0.11, 0.26),
                    (0.05, 0.3),
                    (0.0, 0.3),
                ],
                32,
            );
            m.tube(BRASS, &[v3(0.0, 0.3, 0.0), v3(0.0, 0.4, 0.0)], 0.012, 10);
            drum(m, v3(0.0, 0.36, 0.0), (0.2, 0.13), 0.26);
        }
        LampShade => drum(m, V3::default(), (0.2, 0.12), 0.28),
        BankersLamp => {
            // A brass base and stem, a long half-round glass shade above, a pull chain.
            m.rounded_box(BRASS, v3(0.0, 0.015, 0.0), v3(0.09, 0.015, 0.06), 0.008);
            m.tube(BRASS, &[v3(0.0, 0.04, 0.0), v3(0.0, 0.32, 0.0)], 0.011, 10);
            m.tube(
                BRASS,
                &[v3(-0.12, 0.31, 0.0), v3(0.12, 0.31, 0.0)],
                0.006,
                8,
            );
            let mut shade = Mesh::default();
            shade.lathe(
                BODY_SATIN,
                V3::default(),
                &[
                    (0.075, -0.22),
                    (0.095, -0.18),
                    (0.1, 0.0),
                    (0.095, 0.18),
                    (0.075, 0.22),
                ],
                24,
            );
            m.add(
                shade,
                |q| q.roll(std::f32::consts::FRAC_PI_2),
                v3(0.0, 0.36, 0.0),
            );
            m.tube(BRASS, &[v3(0.1, 0.3, 0.05), v3(0.1, 0.2, 0.05)], 0.003, 6);
        }
        LightBulb => {
            // A standard bulb on its screw base, standing upright.
            m.lathe(
                STEEL,
                V3::default(),
                &[
                    (0.0, 0.0),
                    (0.008, 0.0),
                    (0.013, 0.006),
                    (0.013, 0.03),
                    (0.0, 0.03),
                ],
                20,
            );
            for i in 0..3 {
                let y = 0.01 + i as f32 * 0.007;
                m.ring(
                    STEEL,
                    v3(0.0, y, 0.0),
                    (v3(1.0, 0.0, 0.0), v3(0.0, 0.0, 1.0)),
                    0.013,
                    0.002,
                );
            }
            m.lathe(
                BODY_GLOSS,
                V3::default(),
                &[
                    (0.0, 0.03),
                    (0.014, 0.03),
                    (0.016, 0.045),
                    (0.028, 0.07),
                    (0.03, 0.09),
                    (0.025, 0.108),
                    (0.012, 0.118),
                    (0.0, 0.12),
                ],
                28,
            );
        }
        LedStripReel => {
            // A reel on its edge; the tape unrolls along the floor, its LEDs in a row.
            let mut reel = Mesh::default();
            reel.lathe(
                BODY_SATIN,
                V3::default(),
                &[(0.02, -0.012), (0.1, -0.012), (0.1, 0.012), (0.02, 0.012)],
                32,
            );
            reel.lathe(
                DIFFUSER,
                V3::default(),
                &[(0.085, -0.006), (0.085, 0.006)],
                32,
            );
            m.add(
                reel,
                |q| q.pitch(std::f32::consts::FRAC_PI_2),
                v3(-0.12, 0.1, 0.0),
            );
            m.rounded_box(
                DIFFUSER,
                v3(0.12, 0.004, 0.0),
                v3(0.22, 0.004, 0.014),
                0.001,
            );
            for i in 0..12 {
                let x = -0.06 + i as f32 * 0.033;
                m.rounded_box(
                    part(Paint::Trim, Surface::Gloss),
                    v3(x, 0.009, 0.0),
                    v3(0.005, 0.002, 0.006),
                    0.001,
                );
            }
        }
        RingLight | ClipOnRingLight => {
            let (radius, centre) = if l == RingLight {
                (0.2, v3(0.0, 1.25, 0.0))
            } else {
                (0.09, v3(0.0, 0.15, 0.0))
            };
            m.ring(BODY_SATIN, centre, X, radius, radius * 0.17);
            m.ring(
                DIFFUSER,
                centre + v3(0.0, 0.0, radius * 0.13),
                X,
                radius * 0.97,
                radius * 0.05,
            );
            if l == RingLight {
                // A phone holder in the middle, the pole and a tripod.
                m.rounded_box(DARK, centre, v3(0.035, 0.07, 0.008), 0.006);
                m.tube(
                    DARK,
                    &[centre - v3(0.0, radius, 0.0), centre - v3(0.0, 0.07, 0.0)],
                    0.006,
                    6,
                );
                let hub = v3(0.0, 0.4, 0.0);
                m.tube(BODY_SATIN, &[hub, centre - v3(0.0, radius, 0.0)], 0.012, 10);
                for k in 0..3 {
                    let a = k as f32 / 3.0 * std::f32::consts::TAU + 0.5;
                    m.tube(
                        BODY_SATIN,
                        &[hub, v3(a.cos() * 0.3, 0.0, a.sin() * 0.3)],
                        0.01,
                        8,
                    );
                }
            } else {
                // A spring clip under the ring.
                m.rounded_box(DARK, v3(0.0, 0.015, 0.0), v3(0.02, 0.015, 0.018), 0.006);
                m.tube(
                    BODY_SATIN,
                    &[v3(0.0, 0.03, 0.0), centre - v3(0.0, radius, 0.0)],
                    0.01,
                    8,
                );
            }
        }
        NightLight => {
            // A plug-in housing with a domed shade on its face, standing on its prongs.
            m.rounded_box(BODY_SATIN, v3(0.0, 0.07, 0.0), v3(0.035, 0.05, 0.015), 0.01);
            let mut dome = Mesh::default();
            dome.lathe(
                TRIM_SATIN,
                V3::default(),
                &[(0.032, 0.0), (0.03, 0.012), (0.02, 0.024), (0.0, 0.028)],
                24,
            );
            m.add(
                dome,
                |q| q.pitch(std::f32::consts::FRAC_PI_2),
                v3(0.0, 0.08, 0.015),
            );
            for x in [-0.009f32, 0.009] {
                m.rounded_box(STEEL, v3(x, 0.011, 0.0), v3(0.002, 0.011, 0.004), 0.001);
            }
        }
        PendantLight => {
            // A dome shade on its cord, a ceiling canopy at the top.
            m.lathe(
                BODY_MATTE,
                V3::default(),
                &[
                    (0.16, 0.0),
                    (0.16, 0.06),
                    (0.13, 0.14),
                    (0.07, 0.2),
                    (0.02, 0.22),
                    (0.0, 0.22),
                ],
                36,
            );
            m.tube(DARK, &[v3(0.0, 0.2, 0.0), v3(0.0, 0.45, 0.0)], 0.004, 6);
            m.lathe(
                DARK,
                v3(0.0, 0.45, 0.0),
                &[(0.0, 0.0), (0.04, 0.0), (0.04, 0.02), (0.0, 0.02)],
                20,
            );
        }
        WallSconce => {
            // A back plate, a curved arm out to a small flared shade.
            m.rounded_box(BODY_SATIN, v3(0.0, 0.2, -0.05), v3(0.05, 0.12, 0.012), 0.01);
            m.tube(
                BRASS,
                &[v3(0.0, 0.2, -0.04), v3(0.0, 0.24, 0.04), v3(0.0, 0.3, 0.1)],
                0.008,
                8,
            );
            m.add(
                cone_shade(0.07, 0.045, 0.12),
                |q| q.pitch(std::f32::consts::PI),
                v3(0.0, 0.3, 0.1),
            );
        }
    }
}

/// A round weighted base of `radius` and `height`.
fn disc_base(m: &mut Mesh, radius: f32, height: f32) {
    m.lathe(
        BODY_SATIN,
        V3::default(),
        &[
            (0.0, 0.0),
            (radius, 0.0),
            (radius, height * 0.6),
            (radius * 0.8, height),
            (0.0, height),
        ],
        32,
    );
}

/// A fabric drum shade from `bottom`, its radii (bottom, top), `height` tall, with its
/// wire spider and a bulb inside.
fn drum(m: &mut Mesh, bottom: V3, (r0, r1): (f32, f32), height: f32) {
    m.lathe(BODY_FABRIC, bottom, &[(r0, 0.0), (r1, height)], 40);
    m.ring(
        TRIM_SATIN,
        bottom,
        (v3(1.0, 0.0, 0.0), v3(0.0, 0.0, 1.0)),
        r0,
        0.006,
    );
    m.ring(
        TRIM_SATIN,
        bottom + v3(0.0, height, 0.0),
        (v3(1.0, 0.0, 0.0), v3(0.0, 0.0, 1.0)),
        r1,
        0.006,
    );
    let top = bottom + v3(0.0, height - 0.01, 0.0);
    for k in 0..3 {
        let a = k as f32 / 3.0 * std::f32::consts::TAU;
        m.tube(
            STEEL,
            &[top, top + v3(a.cos() * r1, 0.0, a.sin() * r1)],
            0.002,
            4,
        );
    }
    m.sphere(BULB, bottom + v3(0.0, height * 0.45, 0.0), r1 * 0.25, 12);
}

/// A metal cone shade opening downwards from its top (the origin), `height` long.
fn cone_shade(r_open: f32, r_top: f32, height: f32) -> Mesh {
    let mut shade = Mesh::default();
    shade.lathe(
        BODY_SATIN,
        V3::default(),
        &[
            (r_open, -height),
            (r_open * 0.9, -height * 0.7),
            (r_top, -height * 0.2),
            (r_top * 0.6, 0.0),
            (0.0, 0.0),
        ],
        28,
    );
    shade.sphere(BULB, v3(0.0, -height * 0.75, 0.0), r_open * 0.4, 10);
    shade
}
