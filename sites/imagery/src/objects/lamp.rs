//! Lamps and indoor lights: articulated desk lamp, floor lamp with drum shade, table lamp,
//! light bulb, LED strip reel, ring light, clip-on ring light, night light, pendant light,
//! wall sconce, lamp shade, banker's lamp and magnifier lamp.

use super::super::painter::{IVORY, METAL, Painter, RUBBER};
use super::super::shapes::{circle, curve, ellipse, line, polyline, rounded, rrect, smooth};
use crate::model::LampModel;

/// Local frame of the standing lamps: width × height.
const SIZE: (f32, f32) = (120.0, 220.0);

/// Warm light.
const GLOW: [u8; 3] = [255, 240, 190];
/// Brass fittings.
const BRASS: [u8; 3] = [196, 160, 80];

/// The local frame of a model.
pub(super) fn size(model: LampModel) -> (f32, f32) {
    match model {
        LampModel::LightBulb => (80.0, 120.0),
        LampModel::LedStripReel => (160.0, 110.0),
        LampModel::ClipOnRingLight => (100.0, 110.0),
        LampModel::NightLight => (90.0, 110.0),
        LampModel::WallSconce => (120.0, 160.0),
        LampModel::LampShade => (140.0, 110.0),
        LampModel::BankersLamp => (170.0, 140.0),
        LampModel::MagnifierLamp => (150.0, 200.0),
        _ => SIZE,
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: LampModel) {
    match model {
        LampModel::LightBulb => bulb(p),
        LampModel::LedStripReel => strip(p),
        LampModel::RingLight => ring_light(p),
        LampModel::ClipOnRingLight => {
            p.chrome(rrect(38.0, 64.0, 24.0, 44.0, 6.0));
            p.tone(rrect(34.0, 90.0, 32.0, 18.0, 5.0), [50, 52, 56]);
            ring(p, 50.0, 44.0, 40.0, 12.0);
        }
        LampModel::NightLight => {
            p.body(rrect(22.0, 84.0, 46.0, 24.0, 6.0));
            p.glow(45.0, 54.0, 44.0, GLOW, 0.55);
            p.body(smooth(&[
                (10.0, 88.0),
                (14.0, 40.0),
                (45.0, 12.0),
                (76.0, 40.0),
                (80.0, 88.0),
            ]));
            p.flat(ellipse(45.0, 52.0, 20.0, 24.0), GLOW, 0.6);
            p.chrome(rrect(36.0, 102.0, 4.0, 8.0, 1.0));
            p.chrome(rrect(50.0, 102.0, 4.0, 8.0, 1.0));
        }
        LampModel::PendantLight => {
            p.line(line(60.0, 0.0, 60.0, 96.0), [40, 40, 44], 2.0);
            p.tone(rrect(52.0, 90.0, 16.0, 12.0, 3.0), BRASS);
            p.glow(60.0, 190.0, 50.0, GLOW, 0.5);
            p.body(smooth(&[
                (58.0, 98.0),
                (96.0, 118.0),
                (116.0, 176.0),
                (60.0, 182.0),
                (4.0, 176.0),
                (24.0, 118.0),
            ]));
            p.flat(ellipse(60.0, 178.0, 54.0, 8.0), [255, 246, 210], 0.95);
        }
        LampModel::WallSconce => {
            p.body(rrect(4.0, 40.0, 28.0, 90.0, 6.0));
            p.tone(rrect(12.0, 78.0, 12.0, 14.0, 3.0), BRASS);
            p.line(
                curve(&[(24.0, 86.0), (60.0, 96.0), (76.0, 70.0)]),
                BRASS,
                4.0,
            );
            p.glow(76.0, 70.0, 40.0, GLOW, 0.5);
            p.body(rounded(
                &[(56.0, 14.0), (96.0, 14.0), (112.0, 66.0), (40.0, 66.0)],
                4.0,
            ));
            p.flat(ellipse(76.0, 66.0, 36.0, 4.0), [255, 244, 200], 0.9);
        }
        LampModel::LampShade => {
            p.body(rounded(
                &[(34.0, 6.0), (106.0, 6.0), (136.0, 104.0), (4.0, 104.0)],
                4.0,
            ));
            p.tone(ellipse(70.0, 7.0, 36.0, 5.0), p.dim(0.55));
            p.line(line(40.0, 8.0, 100.0, 8.0), METAL, 1.5);
            p.line(line(70.0, 8.0, 70.0, 20.0), METAL, 1.5);
            p.tone(rrect(4.0, 98.0, 132.0, 8.0, 3.0), p.secondary());
            p.tone(rrect(32.0, 4.0, 76.0, 5.0, 2.0), p.secondary());
        }
        LampModel::BankersLamp => {
            // A brass base and stem under a long half-cylinder shade, lit white inside.
            p.tone(rrect(40.0, 124.0, 90.0, 14.0, 4.0), BRASS);
            p.tone(rrect(80.0, 70.0, 10.0, 56.0, 2.0), BRASS);
            p.line(
                curve(&[(30.0, 66.0), (85.0, 58.0), (140.0, 66.0)]),
                BRASS,
                4.0,
            );
            p.glow(85.0, 96.0, 50.0, GLOW, 0.4);
            p.body(smooth(&[
                (4.0, 70.0),
                (12.0, 40.0),
                (85.0, 30.0),
                (158.0, 40.0),
                (166.0, 70.0),
            ]));
            p.flat(ellipse(85.0, 70.0, 81.0, 6.0), [250, 246, 230], 0.95);
            p.seam(line(14.0, 44.0, 156.0, 44.0), p.dim(0.5), 0.6, 1.5);
            p.line(line(132.0, 70.0, 132.0, 104.0), BRASS, 1.5);
            p.tone(circle(132.0, 106.0, 3.0), BRASS);
        }
        LampModel::MagnifierLamp => {
            p.body(rrect(4.0, 180.0, 52.0, 18.0, 3.0));
            p.chrome(rrect(22.0, 166.0, 16.0, 16.0, 2.0));
            p.body_line(
                super::super::shapes::polyline(&[(30.0, 170.0), (40.0, 96.0), (96.0, 66.0)]),
                9.0,
            );
            p.chrome(circle(40.0, 96.0, 5.0));
            ring(p, 104.0, 60.0, 42.0, 12.0);
            p.glass(circle(104.0, 60.0, 28.0));
            p.flat(ellipse(96.0, 50.0, 12.0, 8.0), [255; 3], 0.35);
        }
        LampModel::DeskLamp => {
            p.body(rounded(
                &[(22.0, 200.0), (98.0, 200.0), (104.0, 220.0), (16.0, 220.0)],
                5.0,
            ));
            p.body_line(polyline(&[(60.0, 206.0), (30.0, 120.0), (78.0, 56.0)]), 9.0);
            p.chrome(circle(30.0, 120.0, 6.0));
            p.chrome(circle(60.0, 204.0, 5.0));
            // A cone shade tilted down toward the desk, glowing underneath.
            p.glow(104.0, 108.0, 30.0, [255, 240, 180], 0.55);
            p.body(rounded(
                &[(64.0, 44.0), (86.0, 36.0), (118.0, 90.0), (86.0, 108.0)],
                6.0,
            ));
            p.flat(ellipse(102.0, 99.0, 18.0, 7.0), [255, 246, 200], 0.95);
            p.chrome(circle(76.0, 46.0, 6.0));
        }
        LampModel::FloorLamp => {
            p.body(ellipse(60.0, 212.0, 32.0, 8.0));
            p.line(line(60.0, 208.0, 60.0, 60.0), METAL, 4.0);
            p.glow(60.0, 70.0, 44.0, [255, 240, 190], 0.5);
            p.body(rounded(
                &[(26.0, 6.0), (94.0, 6.0), (104.0, 72.0), (16.0, 72.0)],
                4.0,
            ));
            p.flat(ellipse(60.0, 72.0, 44.0, 5.0), [255, 244, 200], 0.9);
            p.seam(line(30.0, 12.0, 90.0, 12.0), p.dim(0.6), 0.6, 1.5);
        }
        _ => {
            // Ginger-jar base, brass neck and a tapered fabric shade.
            p.body(smooth(&[
                (60.0, 120.0),
                (86.0, 130.0),
                (100.0, 170.0),
                (84.0, 212.0),
                (60.0, 216.0),
                (36.0, 212.0),
                (20.0, 170.0),
                (34.0, 130.0),
            ]));
            p.seam(
                curve(&[(24.0, 150.0), (60.0, 158.0), (96.0, 150.0)]),
                p.secondary(),
                0.8,
                3.0,
            );
            p.seam(
                curve(&[(24.0, 186.0), (60.0, 194.0), (96.0, 186.0)]),
                p.secondary(),
                0.8,
                3.0,
            );
            p.tone(rrect(44.0, 212.0, 32.0, 8.0, 2.0), p.dim(0.6));
            p.tone(rrect(56.0, 100.0, 8.0, 22.0, 2.0), BRASS);
            p.glow(60.0, 106.0, 40.0, [255, 240, 190], 0.45);
            p.body(rounded(
                &[(34.0, 20.0), (86.0, 20.0), (112.0, 104.0), (8.0, 104.0)],
                4.0,
            ));
            p.flat(ellipse(60.0, 104.0, 52.0, 4.0), IVORY, 0.9);
            p.tone(circle(60.0, 14.0, 5.0), BRASS);
        }
    }
}

/// A thick lit ring centred at (`cx`, `cy`) of outer radius `r` and band `band`: the housing
/// in the body colour with a glowing diffuser on its inner half.
fn ring(p: &mut Painter<'_>, cx: f32, cy: f32, r: f32, band: f32) {
    p.body_line(circle(cx, cy, r - band / 2.0), band);
    p.line(
        circle(cx, cy, r - band * 0.62),
        [255, 250, 236],
        band * 0.36,
    );
}

fn bulb(p: &mut Painter<'_>) {
    p.glow(40.0, 40.0, 40.0, GLOW, 0.35);
    p.body(smooth(&[
        (40.0, 2.0),
        (72.0, 18.0),
        (74.0, 50.0),
        (56.0, 74.0),
        (52.0, 88.0),
        (28.0, 88.0),
        (24.0, 74.0),
        (6.0, 50.0),
        (8.0, 18.0),
    ]));
    p.flat(ellipse(30.0, 28.0, 10.0, 14.0), [255; 3], 0.35);
    p.tone(rrect(26.0, 86.0, 28.0, 6.0, 2.0), [236, 234, 228]);
    for i in 0..3 {
        p.chrome(rrect(27.0, 92.0 + i as f32 * 7.0, 26.0, 6.0, 3.0));
    }
    p.tone(
        rounded(
            &[(30.0, 112.0), (50.0, 112.0), (44.0, 120.0), (36.0, 120.0)],
            2.0,
        ),
        RUBBER,
    );
}

fn strip(p: &mut Painter<'_>) {
    // The reel stands on its edge; the strip unrolls along the floor in a lit wave.
    p.body(circle(42.0, 62.0, 46.0));
    p.tone(circle(42.0, 62.0, 30.0), p.dim(0.75));
    p.line(circle(42.0, 62.0, 36.0), [250, 250, 250], 6.0);
    p.tone(circle(42.0, 62.0, 12.0), [236, 236, 232]);
    p.flat(circle(42.0, 62.0, 5.0), RUBBER, 1.0);
    let wave = [(60.0, 104.0), (90.0, 98.0), (120.0, 106.0), (158.0, 100.0)];
    p.line(curve(&wave), [250, 250, 250], 7.0);
    for i in 0..10 {
        let x = 66.0 + i as f32 * 9.5;
        let y = 102.0 + ((x - 60.0) / 16.0).sin() * 3.0;
        p.glow(x, y, 7.0, p.secondary(), 0.6);
        p.flat(rrect(x - 2.0, y - 2.0, 4.0, 4.0, 1.0), [255, 250, 220], 1.0);
    }
}

fn ring_light(p: &mut Painter<'_>) {
    // Tripod legs, a stand pole, the ring with a phone held in its centre.
    for (x, y) in [(14.0, 218.0), (106.0, 218.0), (60.0, 214.0)] {
        p.body_line(line(60.0, 170.0, x, y), 4.0);
    }
    p.body_line(line(60.0, 100.0, 60.0, 172.0), 5.0);
    ring(p, 60.0, 56.0, 54.0, 14.0);
    p.line(line(60.0, 100.0, 60.0, 70.0), [50, 52, 56], 3.0);
    p.tone(rrect(48.0, 34.0, 24.0, 42.0, 5.0), RUBBER);
    p.glass(rrect(50.0, 36.0, 20.0, 38.0, 4.0));
}
