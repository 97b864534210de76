//! Kayaks seen from above at a slight angle: sit-in, sit-on-top, tandem, inflatable,
//! fishing and pedal kayaks; a canoe and a paddle board.

use super::super::painter::{METAL, Painter, RUBBER};
use super::super::shapes::{circle, curve, ellipse, line, rrect, smooth};
use crate::model::KayakModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (260.0, 70.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: KayakModel) {
    match model {
        KayakModel::Canoe => canoe(p),
        KayakModel::PaddleBoard => board(p),
        _ => kayak(p, model),
    }
}

fn kayak(p: &mut Painter<'_>, model: KayakModel) {
    let beam = match model {
        KayakModel::SitInKayak | KayakModel::TandemKayak => 1.3,
        KayakModel::InflatableKayak => 1.8,
        _ => 1.6,
    };
    let (bow, stern) = (2.0, 258.0);
    // Deck seen from above: pointed at both ends, widest just behind the middle.
    let top = [
        (bow, 30.0),
        (40.0, 26.0 - 6.0 * beam),
        (124.0, 33.0 - 19.0 * beam),
        (210.0, 28.0 - 7.0 * beam),
        (stern, 28.0),
    ];
    let deck_bottom = [
        (stern, 28.0),
        (210.0, 33.0 + 9.0 * beam),
        (124.0, 33.0 + 17.0 * beam),
        (40.0, 36.0 + 6.0 * beam),
        (bow, 30.0),
    ];
    let hull_bottom = [
        (stern, 28.0),
        (210.0, 42.0 + 9.0 * beam),
        (124.0, 44.0 + 17.0 * beam),
        (40.0, 44.0 + 6.0 * beam),
        (bow, 30.0),
    ];
    // The hull's side, darker, shows below the deck.
    p.tone(
        super::super::shapes::pointed(&top, &hull_bottom),
        p.dim(0.7),
    );
    p.body(super::super::shapes::pointed(&top, &deck_bottom));
    p.seam(
        curve(&[(bow + 10.0, 30.0), (124.0, 31.0), (stern - 10.0, 28.0)]),
        [255; 3],
        0.4,
        1.5,
    );
    match model {
        KayakModel::SitInKayak => {
            cockpit(p, 118.0, 26.0);
            bungees(p, 172.0);
            bungees(p, 50.0);
        }
        KayakModel::InflatableKayak => {
            // Inflated side tubes in the accent colour around a grey floor.
            p.line(
                super::super::shapes::pointed(&top, &deck_bottom),
                p.secondary(),
                7.0,
            );
            p.tone(ellipse(124.0, 33.0, 70.0, 11.0), [70, 72, 78]);
            p.tone(rrect(96.0, 24.0, 26.0, 18.0, 6.0), p.dim(0.8));
            p.tone(rrect(150.0, 24.0, 26.0, 18.0, 6.0), p.dim(0.8));
        }
        KayakModel::SitOnTopKayak | KayakModel::FishingKayak | KayakModel::PedalKayak => {
            // Moulded seat, foot wells and a carry handle at each end.
            p.tone(
                smooth(&[
                    (96.0, 26.0),
                    (132.0, 22.0),
                    (150.0, 33.0),
                    (132.0, 44.0),
                    (96.0, 40.0),
                ]),
                p.dim(0.8),
            );
            p.flat(rrect(104.0, 27.0, 24.0, 12.0, 5.0), RUBBER, 0.85);
            for x in [164.0, 190.0] {
                p.tone(ellipse(x, 33.0, 9.0, 6.0), p.dim(0.82));
            }
            for x in [12.0, 244.0] {
                p.line(line(x - 5.0, 34.0, x + 5.0, 34.0), RUBBER, 3.0);
            }
            if model == KayakModel::FishingKayak {
                // Rod holders behind the seat with two rods leaning back.
                for (x, tip) in [(80.0, (10.0, 2.0)), (88.0, (24.0, 0.0))] {
                    p.tone(circle(x, 26.0, 3.5), RUBBER);
                    p.line(line(x, 26.0, tip.0, tip.1), [40, 40, 44], 1.6);
                }
                p.tone(rrect(40.0, 26.0, 28.0, 14.0, 3.0), [60, 62, 66]);
            }
            if model == KayakModel::PedalKayak {
                // Pedal drive in front of the seat and a rudder at the stern.
                p.tone(rrect(150.0, 24.0, 20.0, 18.0, 5.0), [50, 52, 56]);
                for (x, y) in [(146.0, 22.0), (174.0, 44.0)] {
                    p.line(line(160.0, 33.0, x, y), METAL, 3.0);
                    p.tone(rrect(x - 5.0, y - 3.0, 10.0, 6.0, 2.0), RUBBER);
                }
                p.tone(rrect(250.0, 26.0, 10.0, 5.0, 2.0), RUBBER);
            }
        }
        _ => {
            cockpit(p, 82.0, 22.0);
            cockpit(p, 160.0, 22.0);
            bungees(p, 212.0);
        }
    }
    // A paddle resting across the deck.
    p.line(line(70.0, 60.0, 200.0, 8.0), [44, 44, 48], 3.0);
    for (x, y, a) in [(66.0, 62.0, 1.0f32), (204.0, 6.0, -1.0)] {
        p.tone(ellipse(x, y, 9.0, 4.0), p.secondary());
        p.seam(
            line(x - 6.0 * a, y + 2.0 * a, x + 6.0 * a, y - 2.0 * a),
            [0; 3],
            0.2,
            1.0,
        );
    }
}

/// A canoe: open hull with upswept ends, thwarts and two seats, a paddle inside.
fn canoe(p: &mut Painter<'_>) {
    let top = [
        (2.0, 14.0),
        (30.0, 22.0),
        (130.0, 26.0),
        (230.0, 22.0),
        (258.0, 14.0),
    ];
    let hull = [
        (258.0, 14.0),
        (236.0, 50.0),
        (130.0, 62.0),
        (24.0, 50.0),
        (2.0, 14.0),
    ];
    p.body(super::super::shapes::pointed(&top, &hull));
    // The inside of the hull seen over the near gunwale.
    p.tone(
        super::super::shapes::pointed(
            &[(14.0, 18.0), (130.0, 14.0), (246.0, 18.0)],
            &[(246.0, 18.0), (130.0, 30.0), (14.0, 18.0)],
        ),
        p.dim(0.62),
    );
    p.line(
        curve(&[
            (2.0, 14.0),
            (30.0, 22.0),
            (130.0, 27.0),
            (230.0, 22.0),
            (258.0, 14.0),
        ]),
        p.secondary(),
        3.0,
    );
    for x in [70.0, 130.0, 190.0] {
        p.line(
            line(x, 16.0, x + 2.0, 28.0),
            super::super::painter::WOOD,
            4.0,
        );
    }
    p.line(line(96.0, 20.0, 170.0, 24.0), [44, 44, 48], 2.5);
    p.tone(ellipse(176.0, 24.0, 8.0, 3.5), p.secondary());
}

/// A stand-up paddle board seen from above at an angle, with its paddle.
fn board(p: &mut Painter<'_>) {
    p.tone(
        smooth(&[
            (4.0, 40.0),
            (60.0, 30.0),
            (200.0, 30.0),
            (256.0, 38.0),
            (200.0, 54.0),
            (60.0, 54.0),
        ]),
        p.dim(0.7),
    );
    p.body(smooth(&[
        (2.0, 36.0),
        (60.0, 24.0),
        (200.0, 24.0),
        (258.0, 34.0),
        (200.0, 48.0),
        (60.0, 48.0),
    ]));
    p.tone(rrect(104.0, 28.0, 56.0, 16.0, 6.0), [60, 62, 66]);
    p.line(line(40.0, 36.0, 220.0, 36.0), p.secondary(), 2.0);
    bungees(p, 44.0);
    p.line(line(70.0, 62.0, 210.0, 12.0), [44, 44, 48], 3.0);
    p.tone(ellipse(212.0, 11.0, 11.0, 5.0), p.secondary());
    p.tone(rrect(64.0, 58.0, 12.0, 7.0, 3.0), RUBBER);
}

/// A cockpit opening with its black rim, centred at `x`, `w` long.
fn cockpit(p: &mut Painter<'_>, x: f32, w: f32) {
    p.tone(ellipse(x, 33.0, w + 3.0, 10.0), RUBBER);
    p.flat(ellipse(x, 33.5, w, 7.5), [16, 16, 18], 1.0);
    p.seam(ellipse(x, 33.0, w + 3.0, 10.0), METAL, 0.5, 1.0);
}

/// Criss-crossed deck bungee cords around `x`.
fn bungees(p: &mut Painter<'_>, x: f32) {
    for (a, b) in [(-18.0, 10.0), (-6.0, 22.0), (10.0, -18.0), (22.0, -6.0)] {
        p.line(line(x + a, 25.0, x + b, 41.0), RUBBER, 1.2);
    }
}
