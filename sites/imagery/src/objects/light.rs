//! Portable, outdoor, work and stage lights: a flashlight, a lantern, a headlamp, string
//! lights, a path light, a post light, a flood light, a work light on a tripod, a shop light,
//! an LED video light, a par can, a moving head, a spotlight, an LED bar, a fog machine and
//! a lighting stand.

use super::super::painter::{IVORY, METAL, Painter, RUBBER, shade};
use super::super::shapes::{circle, curve, ellipse, line, poly, rounded, rrect, smooth};
use crate::model::LightModel;

/// Warm light.
const GLOW: [u8; 3] = [255, 240, 190];
/// A lit lens or tube.
const LIT: [u8; 3] = [255, 250, 232];

/// The local frame of a model.
pub(super) fn size(model: LightModel) -> (f32, f32) {
    match model {
        LightModel::Flashlight => (200.0, 70.0),
        LightModel::Lantern => (110.0, 170.0),
        LightModel::Headlamp => (160.0, 110.0),
        LightModel::StringLights => (230.0, 120.0),
        LightModel::PathLight => (80.0, 170.0),
        LightModel::PostLight => (80.0, 230.0),
        LightModel::FloodLight => (150.0, 140.0),
        LightModel::WorkLight => (130.0, 220.0),
        LightModel::ShopLight => (230.0, 80.0),
        LightModel::LedVideoLight => (150.0, 130.0),
        LightModel::ParCan => (130.0, 150.0),
        LightModel::MovingHead => (130.0, 170.0),
        LightModel::Spotlight => (200.0, 170.0),
        LightModel::LedBar => (230.0, 70.0),
        LightModel::FogMachine => (190.0, 110.0),
        _ => (170.0, 230.0),
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: LightModel) {
    match model {
        LightModel::Flashlight => {
            p.glow(196.0, 35.0, 30.0, GLOW, 0.45);
            p.tone(rrect(4.0, 24.0, 20.0, 22.0, 6.0), p.dim(0.7));
            p.body(rrect(18.0, 20.0, 110.0, 30.0, 8.0));
            for i in 0..8 {
                p.seam(
                    line(40.0 + i as f32 * 6.0, 22.0, 40.0 + i as f32 * 6.0, 48.0),
                    p.dim(0.5),
                    0.7,
                    2.0,
                );
            }
            p.body(poly(&[
                (126.0, 20.0),
                (160.0, 8.0),
                (160.0, 62.0),
                (126.0, 50.0),
            ]));
            p.chrome(rrect(158.0, 6.0, 18.0, 58.0, 5.0));
            p.tone(ellipse(176.0, 35.0, 7.0, 26.0), LIT);
            p.tone(rrect(96.0, 14.0, 16.0, 8.0, 3.0), RUBBER);
        }
        LightModel::Lantern => {
            p.line(
                curve(&[(20.0, 30.0), (55.0, 0.0), (90.0, 30.0)]),
                METAL,
                3.0,
            );
            p.body(rounded(
                &[(20.0, 20.0), (90.0, 20.0), (100.0, 44.0), (10.0, 44.0)],
                8.0,
            ));
            p.glow(55.0, 90.0, 52.0, GLOW, 0.5);
            p.tone(rrect(22.0, 44.0, 66.0, 80.0, 10.0), [250, 238, 196]);
            p.flat(rrect(30.0, 50.0, 10.0, 68.0, 4.0), [255; 3], 0.5);
            for x in [26.0, 80.0] {
                p.body(rrect(x, 44.0, 6.0, 80.0, 2.0));
            }
            p.body(rounded(
                &[(8.0, 122.0), (102.0, 122.0), (106.0, 168.0), (4.0, 168.0)],
                10.0,
            ));
            p.tone(rrect(44.0, 140.0, 22.0, 10.0, 4.0), p.dim(0.7));
        }
        LightModel::Headlamp => {
            // The elastic band as a loop, the lamp housing clipped to its front.
            p.body_line(ellipse(80.0, 56.0, 70.0, 34.0), 12.0);
            p.tone(rrect(60.0, 20.0, 40.0, 12.0, 3.0), p.secondary());
            p.glow(80.0, 92.0, 26.0, GLOW, 0.5);
            p.body(rrect(50.0, 62.0, 60.0, 40.0, 12.0));
            p.chrome(circle(80.0, 82.0, 15.0));
            p.tone(circle(80.0, 82.0, 11.0), LIT);
            p.tone(rrect(98.0, 66.0, 10.0, 8.0, 3.0), RUBBER);
        }
        LightModel::StringLights => {
            let cord = [
                (2.0, 10.0),
                (60.0, 50.0),
                (116.0, 14.0),
                (172.0, 50.0),
                (228.0, 10.0),
            ];
            p.line(curve(&cord), [40, 40, 44], 2.5);
            for i in 0..8 {
                let t = (i as f32 + 0.5) / 8.0;
                let x = 4.0 + t * 222.0;
                let phase = (t * 2.0 * std::f32::consts::TAU).cos();
                let y = 30.0 - phase * 18.0;
                p.line(line(x, y, x, y + 10.0), [40, 40, 44], 2.0);
                p.glow(x, y + 30.0, 24.0, GLOW, 0.35);
                p.tone(rrect(x - 5.0, y + 8.0, 10.0, 8.0, 2.0), [40, 40, 44]);
                p.body(smooth(&[
                    (x, y + 14.0),
                    (x + 9.0, y + 26.0),
                    (x + 7.0, y + 40.0),
                    (x, y + 44.0),
                    (x - 7.0, y + 40.0),
                    (x - 9.0, y + 26.0),
                ]));
                p.flat(ellipse(x - 3.0, y + 26.0, 2.5, 6.0), [255; 3], 0.5);
            }
        }
        LightModel::PathLight => {
            p.tone(poly(&[(36.0, 140.0), (44.0, 140.0), (40.0, 170.0)]), RUBBER);
            p.body(rrect(33.0, 50.0, 14.0, 92.0, 3.0));
            p.glow(40.0, 48.0, 36.0, GLOW, 0.5);
            p.tone(rrect(22.0, 26.0, 36.0, 20.0, 4.0), LIT);
            p.body(smooth(&[
                (40.0, 2.0),
                (76.0, 22.0),
                (70.0, 30.0),
                (10.0, 30.0),
                (4.0, 22.0),
            ]));
            p.tone(rrect(24.0, 12.0, 32.0, 6.0, 2.0), [40, 50, 70]);
        }
        LightModel::PostLight => {
            p.body(rrect(20.0, 212.0, 40.0, 18.0, 3.0));
            p.body(rrect(32.0, 70.0, 16.0, 144.0, 3.0));
            p.glow(40.0, 40.0, 38.0, GLOW, 0.45);
            p.body(poly(&[
                (18.0, 14.0),
                (62.0, 14.0),
                (74.0, 26.0),
                (6.0, 26.0),
            ]));
            p.body(poly(&[
                (12.0, 26.0),
                (68.0, 26.0),
                (60.0, 66.0),
                (20.0, 66.0),
            ]));
            p.tone(
                poly(&[(20.0, 30.0), (60.0, 30.0), (54.0, 62.0), (26.0, 62.0)]),
                [250, 236, 190],
            );
            p.line(line(40.0, 30.0, 40.0, 62.0), p.dim(0.6), 2.0);
            p.body(rrect(22.0, 64.0, 36.0, 8.0, 2.0));
            p.body(circle(40.0, 8.0, 7.0));
        }
        LightModel::FloodLight => {
            p.body_line(
                curve(&[(14.0, 40.0), (14.0, 120.0), (136.0, 120.0), (136.0, 40.0)]),
                7.0,
            );
            p.body(rrect(46.0, 118.0, 58.0, 20.0, 4.0));
            p.body(rrect(10.0, 8.0, 130.0, 90.0, 8.0));
            leds(p, 22.0, 20.0, 106.0, 66.0);
        }
        LightModel::WorkLight => {
            for (x, y) in [(10.0, 218.0), (120.0, 218.0), (65.0, 212.0)] {
                p.line(line(65.0, 150.0, x, y), METAL, 4.0);
            }
            p.line(line(65.0, 90.0, 65.0, 152.0), METAL, 5.0);
            p.body_line(
                curve(&[(20.0, 40.0), (20.0, 96.0), (110.0, 96.0), (110.0, 40.0)]),
                6.0,
            );
            p.body(rrect(8.0, 4.0, 114.0, 84.0, 8.0));
            leds(p, 20.0, 14.0, 90.0, 62.0);
            p.tone(rrect(46.0, 0.0, 38.0, 8.0, 3.0), RUBBER);
        }
        LightModel::ShopLight => {
            for x in [30.0, 200.0] {
                p.seam(line(x, 0.0, x, 30.0), METAL, 1.0, 2.0);
            }
            p.body(rounded(
                &[(4.0, 28.0), (226.0, 28.0), (216.0, 58.0), (14.0, 58.0)],
                6.0,
            ));
            p.glow(115.0, 70.0, 60.0, LIT, 0.35);
            for y in [58.0, 68.0] {
                p.tone(rrect(20.0, y, 190.0, 8.0, 4.0), LIT);
            }
            for x in [14.0, 210.0] {
                p.body(rrect(x, 56.0, 8.0, 22.0, 2.0));
            }
        }
        LightModel::LedVideoLight => {
            p.tone(rrect(64.0, 108.0, 22.0, 20.0, 3.0), RUBBER);
            p.body(rrect(6.0, 6.0, 138.0, 104.0, 8.0));
            p.tone(rrect(16.0, 16.0, 118.0, 84.0, 4.0), [40, 40, 44]);
            for row in 0..7 {
                for col in 0..10 {
                    let warm = if (row + col) % 2 == 0 {
                        LIT
                    } else {
                        [255, 226, 160]
                    };
                    p.flat(
                        circle(23.0 + col as f32 * 11.6, 23.0 + row as f32 * 11.6, 3.6),
                        warm,
                        1.0,
                    );
                }
            }
            p.tone(rrect(124.0, 4.0, 14.0, 8.0, 2.0), p.secondary());
        }
        LightModel::ParCan => {
            p.body_line(
                curve(&[(20.0, 60.0), (20.0, 140.0), (110.0, 140.0), (110.0, 60.0)]),
                8.0,
            );
            p.body(rrect(44.0, 136.0, 42.0, 14.0, 3.0));
            p.body(rounded(
                &[(24.0, 10.0), (106.0, 10.0), (112.0, 116.0), (18.0, 116.0)],
                12.0,
            ));
            p.chrome(ellipse(65.0, 112.0, 44.0, 10.0));
            p.tone(ellipse(65.0, 112.0, 38.0, 8.0), p.secondary());
            p.glow(65.0, 120.0, 40.0, p.secondary(), 0.4);
            for x in [20.0, 110.0] {
                p.chrome(circle(x, 64.0, 6.0));
            }
        }
        LightModel::MovingHead => {
            p.body(rrect(16.0, 128.0, 98.0, 40.0, 6.0));
            p.tone(rrect(28.0, 140.0, 40.0, 16.0, 2.0), [50, 52, 56]);
            for x in [16.0, 100.0] {
                p.body(rrect(x, 60.0, 14.0, 72.0, 5.0));
            }
            p.body(rounded(
                &[(30.0, 4.0), (100.0, 4.0), (108.0, 100.0), (22.0, 100.0)],
                24.0,
            ));
            p.chrome(circle(65.0, 52.0, 28.0));
            p.tone(circle(65.0, 52.0, 22.0), [30, 30, 34]);
            p.glow(65.0, 52.0, 22.0, p.secondary(), 0.7);
            p.tone(circle(65.0, 52.0, 8.0), LIT);
        }
        LightModel::Spotlight => {
            for (x, y) in [(30.0, 168.0), (150.0, 168.0), (90.0, 162.0)] {
                p.line(line(90.0, 110.0, x, y), METAL, 4.0);
            }
            p.line(line(90.0, 70.0, 90.0, 112.0), METAL, 5.0);
            p.body(rounded(
                &[(10.0, 30.0), (150.0, 20.0), (150.0, 80.0), (10.0, 70.0)],
                10.0,
            ));
            p.body(rrect(146.0, 10.0, 44.0, 80.0, 10.0));
            p.chrome(ellipse(190.0, 50.0, 8.0, 36.0));
            p.tone(ellipse(192.0, 50.0, 5.0, 30.0), LIT);
            p.line(line(40.0, 40.0, 70.0, 8.0), RUBBER, 4.0);
            p.tone(rrect(60.0, 2.0, 30.0, 10.0, 4.0), RUBBER);
        }
        LightModel::LedBar => {
            for x in [20.0, 196.0] {
                p.tone(rrect(x, 56.0, 14.0, 12.0, 2.0), RUBBER);
            }
            p.body(rrect(4.0, 14.0, 222.0, 44.0, 6.0));
            for i in 0..12 {
                let x = 18.0 + i as f32 * 17.6;
                let colour = if i % 2 == 0 { p.secondary() } else { LIT };
                p.chrome(circle(x, 36.0, 7.5));
                p.tone(circle(x, 36.0, 5.5), colour);
            }
        }
        LightModel::FogMachine => {
            // A box with a carry handle and a nozzle puffing fog.
            p.glow(176.0, 70.0, 30.0, [236, 236, 236], 0.8);
            p.line(
                curve(&[(50.0, 30.0), (70.0, 8.0), (120.0, 8.0), (140.0, 30.0)]),
                RUBBER,
                6.0,
            );
            p.body(rrect(8.0, 26.0, 152.0, 80.0, 8.0));
            for i in 0..5 {
                p.line(
                    line(24.0, 44.0 + i as f32 * 10.0, 90.0, 44.0 + i as f32 * 10.0),
                    p.dim(0.6),
                    3.0,
                );
            }
            p.chrome(rrect(150.0, 58.0, 22.0, 18.0, 4.0));
            p.flat(circle(184.0, 66.0, 12.0), IVORY, 0.7);
            p.flat(circle(170.0, 58.0, 8.0), IVORY, 0.6);
            p.tone(rrect(110.0, 46.0, 34.0, 14.0, 2.0), [50, 52, 56]);
        }
        _ => {
            // A T-bar on a telescoping stand carrying four small cans.
            for (x, y) in [(20.0, 228.0), (150.0, 228.0), (85.0, 222.0)] {
                p.line(line(85.0, 160.0, x, y), shade(METAL, 0.7), 5.0);
            }
            p.chrome(rrect(80.0, 50.0, 10.0, 112.0, 2.0));
            p.tone(rrect(6.0, 44.0, 158.0, 10.0, 2.0), [50, 52, 56]);
            for i in 0..4 {
                let x = 24.0 + i as f32 * 40.0;
                p.body(rounded(
                    &[
                        (x - 16.0, 2.0),
                        (x + 16.0, 2.0),
                        (x + 18.0, 44.0),
                        (x - 18.0, 44.0),
                    ],
                    6.0,
                ));
                p.tone(ellipse(x, 42.0, 16.0, 4.0), p.secondary());
            }
        }
    }
}

/// A grid of LEDs in a dark panel at (`x`, `y`), `w`×`h`.
fn leds(p: &mut Painter<'_>, x: f32, y: f32, w: f32, h: f32) {
    p.glow(x + w / 2.0, y + h / 2.0, w * 0.6, GLOW, 0.3);
    p.tone(rrect(x, y, w, h, 3.0), [40, 40, 44]);
    let cols = (w / 12.0) as usize;
    let rows = (h / 12.0) as usize;
    for row in 0..rows {
        for col in 0..cols {
            p.flat(
                circle(
                    x + 6.0 + col as f32 * 12.0,
                    y + 6.0 + row as f32 * 12.0,
                    4.0,
                ),
                LIT,
                1.0,
            );
        }
    }
}
