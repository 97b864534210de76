//! One mesh per named model, for the kinds the seeded data shows most (tables, chairs,
//! phones, laptops, televisions, sofas, lamps); `None` keeps a model's drawing.

mod lamp;
mod sofa;

use super::mesh::{Mesh, Paint, Part, Surface, V3, part, v3};
use crate::model::{ChairModel, LaptopModel, Model, PhoneModel, TableModel, TelevisionModel};

const WOOD: [u8; 3] = [150, 104, 62];
const METAL: [u8; 3] = [178, 182, 188];
const BLACK: [u8; 3] = [28, 28, 30];
const RUBBER: [u8; 3] = [34, 34, 36];
const SCREEN: [u8; 3] = [14, 16, 20];
const GLASS: [u8; 3] = [40, 44, 52];

const BODY_SATIN: Part = part(Paint::Body, Surface::Satin);
const BODY_MATTE: Part = part(Paint::Body, Surface::Matte);
const BODY_GLOSS: Part = part(Paint::Body, Surface::Gloss);
const BODY_FABRIC: Part = part(Paint::Body, Surface::Fabric);
const TRIM_SATIN: Part = part(Paint::Trim, Surface::Satin);
/// Painted steel in the trim colour.
const TRIM_METAL: Part = part(Paint::Trim, Surface::Satin);
const STEEL: Part = part(Paint::Accent(METAL), Surface::Metal);
const DARK: Part = part(Paint::Fixed(BLACK), Surface::Satin);
const TYRE: Part = part(Paint::Fixed(RUBBER), Surface::Rubber);
const DISPLAY: Part = part(Paint::Fixed(SCREEN), Surface::Screen);
const LENS: Part = part(Paint::Fixed(GLASS), Surface::Screen);
const TIMBER: Part = part(Paint::Accent(WOOD), Surface::Wood);

/// The mesh a model is drawn with, in metres (standing on y = 0, facing +z).
pub(crate) fn mesh_for(model: Model) -> Option<Mesh> {
    let mut m = Mesh::default();
    match model {
        Model::Table(t) => table(&mut m, t),
        Model::Chair(c) => chair(&mut m, c)?,
        Model::Phone(p) => phone(&mut m, p),
        Model::Laptop(l) => laptop(&mut m, l),
        Model::Television(t) => television(&mut m, t),
        Model::Sofa(s) => sofa::sofa(&mut m, s),
        Model::Lamp(l) => lamp::lamp(&mut m, l),
        _ => return None,
    }
    Some(m)
}

/// Four legs under a `w`×`d` footprint, `h` tall, inset by `inset`.
#[allow(clippy::too_many_arguments)]
fn four_legs(m: &mut Mesh, p: Part, w: f32, d: f32, h: f32, inset: f32, leg: f32, round: bool) {
    for sx in [-1.0, 1.0] {
        for sz in [-1.0, 1.0] {
            let x = sx * (w / 2.0 - inset);
            let z = sz * (d / 2.0 - inset);
            if round {
                m.tube(p, &[v3(x, 0.0, z), v3(x, h, z)], leg / 2.0, 12);
            } else {
                m.rounded_box(
                    p,
                    v3(x, h / 2.0, z),
                    v3(leg / 2.0, h / 2.0, leg / 2.0),
                    leg * 0.12,
                );
            }
        }
    }
}

fn table(m: &mut Mesh, t: TableModel) {
    use TableModel::*;
    // (width, depth, height, top thickness)
    let (w, d, h, top) = match t {
        DiningTable => (1.6, 0.9, 0.75, 0.045),
        RoundPedestalTable => (1.1, 1.1, 0.75, 0.04),
        CoffeeTable => (1.2, 0.6, 0.42, 0.05),
        SideTable => (0.5, 0.5, 0.58, 0.035),
        ConsoleTable => (1.2, 0.35, 0.8, 0.035),
        Desk => (1.4, 0.7, 0.75, 0.035),
        StandingDesk => (1.4, 0.7, 1.05, 0.03),
        Nightstand => (0.5, 0.4, 0.6, 0.03),
        PicnicTable => (1.8, 0.75, 0.75, 0.05),
        BarTable => (0.65, 0.65, 1.05, 0.035),
        FoldingTable => (1.8, 0.75, 0.74, 0.04),
        KidsPlayTable => (0.8, 0.6, 0.5, 0.04),
        PrinterStand => (0.6, 0.45, 0.65, 0.03),
    };
    // The top: a slab on every table but the round ones and the nightstand.
    let slab = match t {
        RoundPedestalTable | BarTable | Nightstand => None,
        PicnicTable => Some((TIMBER_OR_BODY, 0.008)),
        StandingDesk => Some((BODY_SATIN, 0.01)),
        Desk => Some((BODY_SATIN, 0.006)),
        FoldingTable => Some((BODY_MATTE, 0.015)),
        _ => Some((BODY_SATIN, top * 0.3)),
    };
    if let Some((part, radius)) = slab {
        m.rounded_box(
            part,
            v3(0.0, h - top / 2.0, 0.0),
            v3(w / 2.0, top / 2.0, d / 2.0),
            radius,
        );
    }
    match t {
        RoundPedestalTable | BarTable => {
            let r = w / 2.0;
            m.lathe(
                BODY_SATIN,
                v3(0.0, 0.0, 0.0),
                &[
                    (0.0, h - top),
                    (r - 0.01, h - top),
                    (r, h - top + 0.01),
                    (r, h - 0.008),
                    (r - 0.01, h),
                    (0.0, h),
                ],
                40,
            );
            let stem = if t == BarTable { 0.035 } else { 0.07 };
            m.lathe(
                TRIM_SATIN,
                v3(0.0, 0.0, 0.0),
                &[
                    (0.0, 0.0),
                    (r * 0.55, 0.0),
                    (r * 0.5, 0.035),
                    (stem * 1.6, 0.09),
                    (stem, 0.2),
                    (stem, h - top - 0.08),
                    (stem * 1.8, h - top),
                    (0.0, h - top),
                ],
                28,
            );
        }
        Nightstand => {
            m.rounded_box(
                BODY_SATIN,
                v3(0.0, h / 2.0 + 0.03, 0.0),
                v3(w / 2.0, h / 2.0 - 0.03, d / 2.0),
                0.01,
            );
            // Two drawers with knobs.
            for y in [h * 0.7, h * 0.35] {
                m.rounded_box(
                    TRIM_SATIN,
                    v3(0.0, y, d / 2.0 + 0.004),
                    v3(w / 2.0 - 0.03, h * 0.15, 0.006),
                    0.004,
                );
                m.lathe(
                    STEEL,
                    v3(0.0, y - 0.01, d / 2.0 + 0.01),
                    &[(0.0, 0.0), (0.012, 0.0), (0.012, 0.02), (0.0, 0.02)],
                    10,
                );
            }
            four_legs(m, BODY_SATIN, w, d, 0.06, 0.03, 0.03, false);
        }
        PicnicTable => {
            for sz in [-1.0f32, 1.0] {
                // Benches.
                m.rounded_box(
                    TIMBER_OR_BODY,
                    v3(0.0, 0.45, sz * (d / 2.0 + 0.25)),
                    v3(w / 2.0, 0.02, 0.13),
                    0.006,
                );
            }
            for sx in [-1.0f32, 1.0] {
                let x = sx * (w / 2.0 - 0.25);
                for sz in [-1.0f32, 1.0] {
                    m.tube(
                        TIMBER_OR_BODY,
                        &[v3(x, 0.0, sz * (d / 2.0 + 0.3)), v3(x, h - top, 0.0)],
                        0.035,
                        8,
                    );
                }
                m.rounded_box(
                    TIMBER_OR_BODY,
                    v3(x, 0.42, 0.0),
                    v3(0.03, 0.03, d / 2.0 + 0.38),
                    0.005,
                );
            }
        }
        StandingDesk => {
            for sx in [-1.0f32, 1.0] {
                let x = sx * (w / 2.0 - 0.15);
                m.rounded_box(
                    TRIM_METAL,
                    v3(x, (h - top) / 2.0, 0.0),
                    v3(0.035, (h - top) / 2.0, 0.045),
                    0.008,
                );
                m.rounded_box(
                    TRIM_METAL,
                    v3(x, 0.015, 0.0),
                    v3(0.035, 0.015, d / 2.0 - 0.02),
                    0.008,
                );
            }
            m.rounded_box(
                TRIM_METAL,
                v3(0.0, h - top - 0.05, 0.0),
                v3(w / 2.0 - 0.15, 0.025, 0.025),
                0.005,
            );
        }
        Desk => {
            // A drawer pedestal on the right, a panel leg on the left.
            m.rounded_box(
                BODY_SATIN,
                v3(w / 2.0 - 0.22, (h - top) / 2.0, 0.0),
                v3(0.2, (h - top) / 2.0, d / 2.0 - 0.02),
                0.006,
            );
            for y in [0.15f32, 0.38, 0.58] {
                m.rounded_box(
                    TRIM_SATIN,
                    v3(w / 2.0 - 0.22, y, d / 2.0 - 0.015),
                    v3(0.18, 0.09, 0.006),
                    0.003,
                );
                m.rounded_box(
                    STEEL,
                    v3(w / 2.0 - 0.22, y + 0.05, d / 2.0 - 0.005),
                    v3(0.05, 0.008, 0.008),
                    0.003,
                );
            }
            m.rounded_box(
                BODY_SATIN,
                v3(-w / 2.0 + 0.03, (h - top) / 2.0, 0.0),
                v3(0.02, (h - top) / 2.0, d / 2.0 - 0.02),
                0.004,
            );
        }
        FoldingTable => {
            for sx in [-1.0f32, 1.0] {
                let x = sx * (w / 2.0 - 0.18);
                for z in [-d / 2.0 + 0.06, d / 2.0 - 0.06] {
                    m.tube(TRIM_METAL, &[v3(x, 0.0, z), v3(x, h - top, z)], 0.013, 8);
                }
                m.tube(
                    TRIM_METAL,
                    &[v3(x, 0.05, -d / 2.0 + 0.06), v3(x, 0.05, d / 2.0 - 0.06)],
                    0.011,
                    8,
                );
            }
        }
        _ => {
            // An apron under the top, then the legs.
            let apron = 0.08f32.min(h * 0.12);
            m.rounded_box(
                BODY_SATIN,
                v3(0.0, h - top - apron / 2.0, 0.0),
                v3(w / 2.0 - 0.05, apron / 2.0, d / 2.0 - 0.05),
                0.004,
            );
            let leg = (w.min(d) * 0.07).clamp(0.03, 0.06);
            let round = matches!(t, SideTable | KidsPlayTable);
            four_legs(m, TRIM_SATIN, w, d, h - top, 0.05, leg, round);
            if t == ConsoleTable || t == PrinterStand || t == CoffeeTable {
                // A lower shelf.
                m.rounded_box(
                    BODY_SATIN,
                    v3(0.0, h * 0.2, 0.0),
                    v3(w / 2.0 - 0.05, 0.012, d / 2.0 - 0.05),
                    0.004,
                );
            }
        }
    }
}

/// The picnic table's timber: the body colour (its facts are its colours).
const TIMBER_OR_BODY: Part = part(Paint::Body, Surface::Wood);

fn chair(m: &mut Mesh, c: ChairModel) -> Option<()> {
    use ChairModel::*;
    match c {
        DiningChair | FoldingChair => {
            let (w, d, seat) = (0.44, 0.44, 0.46);
            let round = c == FoldingChair;
            let legs = if round { TRIM_METAL } else { TRIM_SATIN };
            m.rounded_box(
                BODY_SATIN,
                v3(0.0, seat, 0.0),
                v3(w / 2.0, 0.025, d / 2.0),
                0.012,
            );
            four_legs(m, legs, w, d, seat - 0.02, 0.03, 0.035, round);
            // Back posts and a back rest.
            for sx in [-1.0f32, 1.0] {
                m.rounded_box(
                    legs,
                    v3(sx * (w / 2.0 - 0.03), seat + 0.22, -d / 2.0 + 0.03),
                    v3(0.017, 0.22, 0.017),
                    0.006,
                );
            }
            m.rounded_box(
                BODY_SATIN,
                v3(0.0, seat + 0.36, -d / 2.0 + 0.03),
                v3(w / 2.0 - 0.02, 0.08, 0.015),
                0.01,
            );
            if !round {
                m.rounded_box(
                    BODY_SATIN,
                    v3(0.0, seat + 0.17, -d / 2.0 + 0.03),
                    v3(w / 2.0 - 0.05, 0.02, 0.01),
                    0.005,
                );
            }
        }
        BarStool | RoundStool => {
            let seat = if c == BarStool { 0.76 } else { 0.48 };
            m.lathe(
                BODY_FABRIC,
                v3(0.0, 0.0, 0.0),
                &[
                    (0.0, seat - 0.03),
                    (0.17, seat - 0.03),
                    (0.185, seat),
                    (0.18, seat + 0.04),
                    (0.15, seat + 0.06),
                    (0.0, seat + 0.065),
                ],
                32,
            );
            m.tube(
                TRIM_METAL,
                &[v3(0.0, 0.08, 0.0), v3(0.0, seat - 0.03, 0.0)],
                0.025,
                12,
            );
            m.lathe(
                TRIM_METAL,
                v3(0.0, 0.0, 0.0),
                &[
                    (0.0, 0.0),
                    (0.22, 0.0),
                    (0.22, 0.015),
                    (0.18, 0.03),
                    (0.03, 0.08),
                    (0.0, 0.08),
                ],
                32,
            );
            if c == BarStool {
                m.lathe(
                    TRIM_METAL,
                    v3(0.0, 0.0, 0.0),
                    &[
                        (0.16, 0.3),
                        (0.17, 0.31),
                        (0.16, 0.32),
                        (0.15, 0.31),
                        (0.16, 0.3),
                    ],
                    28,
                );
            }
        }
        OfficeChair | GamingChair => {
            let seat = 0.5;
            m.rounded_box(BODY_FABRIC, v3(0.0, seat, 0.0), v3(0.25, 0.05, 0.24), 0.04);
            let back_h = if c == GamingChair { 0.42 } else { 0.3 };
            m.rounded_box(
                BODY_FABRIC,
                v3(0.0, seat + 0.1 + back_h, -0.24),
                v3(0.23, back_h, 0.045),
                0.04,
            );
            if c == GamingChair {
                m.rounded_box(
                    TRIM_SATIN,
                    v3(0.0, seat + 0.1 + back_h * 1.7, -0.2),
                    v3(0.12, 0.05, 0.03),
                    0.02,
                );
            }
            for sx in [-1.0f32, 1.0] {
                m.rounded_box(
                    DARK,
                    v3(sx * 0.26, seat + 0.17, -0.02),
                    v3(0.025, 0.02, 0.13),
                    0.01,
                );
                m.tube(
                    DARK,
                    &[
                        v3(sx * 0.26, seat + 0.04, -0.02),
                        v3(sx * 0.26, seat + 0.15, -0.02),
                    ],
                    0.012,
                    8,
                );
            }
            m.tube(
                STEEL,
                &[v3(0.0, 0.1, 0.0), v3(0.0, seat - 0.05, 0.0)],
                0.03,
                12,
            );
            for k in 0..5 {
                let a = k as f32 / 5.0 * std::f32::consts::TAU + 0.3;
                let foot = v3(a.cos() * 0.3, 0.06, a.sin() * 0.3);
                m.tube(DARK, &[v3(0.0, 0.1, 0.0), foot], 0.02, 8);
                m.lathe(
                    TYRE,
                    foot - v3(0.0, 0.06, 0.0),
                    &[
                        (0.0, 0.0),
                        (0.025, 0.005),
                        (0.028, 0.03),
                        (0.025, 0.055),
                        (0.0, 0.06),
                    ],
                    10,
                );
            }
        }
        Armchair | EggChair => {
            let w = 0.8;
            m.rounded_box(
                BODY_FABRIC,
                v3(0.0, 0.22, 0.02),
                v3(w / 2.0, 0.12, 0.38),
                0.05,
            );
            m.rounded_box(
                BODY_FABRIC,
                v3(0.0, 0.4, 0.06),
                v3(w / 2.0 - 0.13, 0.07, 0.32),
                0.05,
            );
            m.rounded_box(
                BODY_FABRIC,
                v3(0.0, 0.55, -0.3),
                v3(w / 2.0, 0.35, 0.09),
                0.07,
            );
            for sx in [-1.0f32, 1.0] {
                m.rounded_box(
                    BODY_FABRIC,
                    v3(sx * (w / 2.0 - 0.06), 0.45, 0.02),
                    v3(0.065, 0.17, 0.38),
                    0.055,
                );
            }
            four_legs(m, TIMBER, w - 0.04, 0.72, 0.1, 0.05, 0.04, true);
        }
        _ => return None,
    }
    Some(())
}

fn phone(m: &mut Mesh, p: PhoneModel) {
    use PhoneModel::*;
    let (w, h, t) = match p {
        FlipPhone => (0.055, 0.105, 0.02),
        _ => (0.075, 0.16, 0.009),
    };
    // The phone stands on a short edge, leaning back a little, its back (the body colour
    // and the cameras) to the camera.
    let lean = |q: V3| q.yaw(std::f32::consts::PI).pitch(-0.2);
    let mut body = Mesh::default();
    body.rounded_box(
        BODY_GLOSS,
        v3(0.0, h / 2.0, 0.0),
        v3(w / 2.0, h / 2.0, t / 2.0),
        t * 0.45,
    );
    body.rounded_box(
        DISPLAY,
        v3(0.0, h / 2.0 + h * 0.01, t / 2.0 + 0.0004),
        v3(w / 2.0 - 0.004, h / 2.0 - 0.007, 0.0005),
        0.003,
    );
    match p {
        PhoneWithTripleCamera => {
            body.rounded_box(
                BODY_GLOSS,
                v3(-w * 0.22, h * 0.86, -t / 2.0 - 0.001),
                v3(0.016, 0.016, 0.0015),
                0.006,
            );
            for (dx, dy) in [(-0.007, 0.007), (0.007, 0.0), (-0.007, -0.007)] {
                body.disc(
                    LENS,
                    v3(-w * 0.22 + dx, h * 0.86 + dy, -t / 2.0 - 0.003),
                    v3(0.0, 0.0, -1.0),
                    0.004,
                    12,
                );
            }
        }
        PhoneWithCameraBar => {
            body.rounded_box(
                DARK,
                v3(0.0, h * 0.86, -t / 2.0 - 0.0015),
                v3(w / 2.0 - 0.004, 0.01, 0.0015),
                0.004,
            );
        }
        FlipPhone => {
            body.rounded_box(
                TRIM_SATIN,
                v3(0.0, h * 0.3, t / 2.0 + 0.001),
                v3(w / 2.0 - 0.005, h * 0.22, 0.001),
                0.003,
            );
        }
        PhoneInAWalletCase => {
            body.rounded_box(
                BODY_SATIN,
                v3(0.0, h / 2.0, -t / 2.0 - 0.004),
                v3(w / 2.0 + 0.003, h / 2.0 + 0.003, 0.004),
                0.003,
            );
        }
        PhoneWithOneCamera => {
            body.disc(
                LENS,
                v3(-w * 0.3, h * 0.9, -t / 2.0 - 0.001),
                v3(0.0, 0.0, -1.0),
                0.005,
                12,
            );
        }
    }
    for v in &mut body.vertices {
        v.p = lean(v.p);
        v.n = lean(v.n);
    }
    let (lo, _) = body.bounds();
    for v in &mut body.vertices {
        v.p.y -= lo.y;
    }
    *m = body;
}

fn laptop(m: &mut Mesh, l: LaptopModel) {
    use LaptopModel::*;
    let (w, d, t) = (0.32, 0.22, 0.009);
    m.rounded_box(
        BODY_SATIN,
        v3(0.0, t / 2.0, 0.0),
        v3(w / 2.0, t / 2.0, d / 2.0),
        0.004,
    );
    if l == ClosedLaptop {
        m.rounded_box(
            BODY_SATIN,
            v3(0.0, t * 1.5 + 0.001, 0.0),
            v3(w / 2.0, t / 2.0, d / 2.0),
            0.004,
        );
        return;
    }
    // The keyboard deck and trackpad.
    m.rounded_box(
        DARK,
        v3(0.0, t + 0.0003, -0.02),
        v3(w / 2.0 - 0.02, 0.0004, 0.06),
        0.002,
    );
    m.rounded_box(
        TRIM_SATIN,
        v3(0.0, t + 0.0003, 0.07),
        v3(0.05, 0.0004, 0.03),
        0.002,
    );
    // The lid, opened to about 110 degrees, hinged at the back edge.
    let hinge = v3(0.0, t, -d / 2.0);
    let open = -0.35f32;
    let mut lid_mesh = Mesh::default();
    lid_mesh.rounded_box(
        BODY_SATIN,
        v3(0.0, d / 2.0, -0.003),
        v3(w / 2.0, d / 2.0, 0.003),
        0.003,
    );
    lid_mesh.rounded_box(
        DISPLAY,
        v3(0.0, d / 2.0 + 0.004, 0.0005),
        v3(w / 2.0 - 0.01, d / 2.0 - 0.014, 0.0005),
        0.002,
    );
    m.add(lid_mesh, |q| q.pitch(open), hinge);
    if l == LaptopSeenFromBehind {
        for v in &mut m.vertices {
            v.p = v.p.yaw(std::f32::consts::PI);
            v.n = v.n.yaw(std::f32::consts::PI);
        }
    }
}

fn television(m: &mut Mesh, t: TelevisionModel) {
    use TelevisionModel::*;
    match t {
        RetroTv => {
            // A deep cabinet with a curved glass tube face and a knob panel.
            let (w, h, d) = (0.62, 0.5, 0.45);
            m.rounded_box(
                BODY_SATIN,
                v3(0.0, h / 2.0 + 0.06, 0.0),
                v3(w / 2.0, h / 2.0, d / 2.0),
                0.05,
            );
            m.rounded_box(
                DISPLAY,
                v3(-0.07, h / 2.0 + 0.06, d / 2.0 + 0.005),
                v3(0.2, 0.18, 0.015),
                0.06,
            );
            m.rounded_box(
                TRIM_SATIN,
                v3(0.22, h / 2.0 + 0.06, d / 2.0 + 0.002),
                v3(0.06, 0.2, 0.01),
                0.01,
            );
            for y in [0.42f32, 0.3] {
                m.lathe(
                    STEEL,
                    v3(0.22, y, d / 2.0 + 0.012),
                    &[(0.0, 0.0), (0.025, 0.0), (0.025, 0.02), (0.0, 0.02)],
                    12,
                );
            }
            four_legs(m, TIMBER, w - 0.04, d - 0.04, 0.06, 0.03, 0.03, true);
            // Rabbit ears.
            m.tube(
                STEEL,
                &[v3(0.0, h + 0.06, -0.05), v3(-0.18, h + 0.4, -0.08)],
                0.004,
                6,
            );
            m.tube(
                STEEL,
                &[v3(0.0, h + 0.06, -0.05), v3(0.17, h + 0.38, -0.1)],
                0.004,
                6,
            );
        }
        PortraitDisplay | DisplayOnARollingStand => {
            let (w, h) = if t == PortraitDisplay {
                (0.6, 1.05)
            } else {
                (1.1, 0.63)
            };
            let y = if t == PortraitDisplay { 0.95 } else { 1.3 };
            screen_panel(m, y, (w, h), 0.025, 0.0);
            m.tube(
                TRIM_METAL,
                &[v3(0.0, 0.08, -0.05), v3(0.0, y, -0.05)],
                0.035,
                12,
            );
            for sx in [-1.0f32, 1.0] {
                m.tube(
                    TRIM_METAL,
                    &[v3(0.0, 0.08, -0.05), v3(sx * 0.35, 0.06, 0.1)],
                    0.02,
                    8,
                );
                m.lathe(
                    TYRE,
                    v3(sx * 0.35, 0.0, 0.1),
                    &[(0.0, 0.0), (0.03, 0.005), (0.03, 0.055), (0.0, 0.06)],
                    10,
                );
            }
        }
        _ => {
            let (w, h) = (1.25, 0.72);
            let y = if t == TvOnLegs {
                0.09 + h / 2.0
            } else {
                0.07 + h / 2.0
            };
            screen_panel(m, y, (w, h), 0.018, 0.005);
            if t == TvOnLegs {
                for sx in [-1.0f32, 1.0] {
                    m.tube(
                        TRIM_METAL,
                        &[
                            v3(sx * 0.5, y - h / 2.0 + 0.02, 0.0),
                            v3(sx * 0.56, 0.0, 0.1),
                        ],
                        0.012,
                        8,
                    );
                    m.tube(
                        TRIM_METAL,
                        &[
                            v3(sx * 0.5, y - h / 2.0 + 0.02, 0.0),
                            v3(sx * 0.56, 0.0, -0.1),
                        ],
                        0.012,
                        8,
                    );
                }
            } else {
                m.rounded_box(TRIM_METAL, v3(0.0, 0.035, 0.0), v3(0.05, 0.035, 0.02), 0.01);
                m.rounded_box(
                    TRIM_METAL,
                    v3(0.0, 0.006, 0.02),
                    v3(0.22, 0.006, 0.11),
                    0.005,
                );
            }
            if t == TvWithACameraBar {
                m.rounded_box(
                    DARK,
                    v3(0.0, y + h / 2.0 + 0.02, 0.0),
                    v3(0.25, 0.02, 0.03),
                    0.01,
                );
                m.disc(
                    LENS,
                    v3(0.0, y + h / 2.0 + 0.02, 0.031),
                    v3(0.0, 0.0, 1.0),
                    0.008,
                    12,
                );
            }
        }
    }
}

/// A flat display `w`×`h` centred `y` high, `depth` thick at each side of its centre: a
/// bezel in the body colour around a screen whose bottom border is `chin` wider.
fn screen_panel(m: &mut Mesh, y: f32, (w, h): (f32, f32), depth: f32, chin: f32) {
    m.rounded_box(
        BODY_SATIN,
        v3(0.0, y, 0.0),
        v3(w / 2.0, h / 2.0, depth),
        depth * 0.35,
    );
    m.rounded_box(
        DISPLAY,
        v3(0.0, y + chin, depth + 0.0005),
        v3(w / 2.0 - 0.03, h / 2.0 - 0.03 - chin, 0.0008),
        0.003,
    );
}
