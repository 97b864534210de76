//! Laptops: open from the front, open from behind, closed on the floor.

use super::super::painter::{PLASTIC, Painter};
use super::super::shapes::{circle, line, poly, rounded, rrect};
use crate::model::LaptopModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (220.0, 150.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: LaptopModel) {
    match model {
        LaptopModel::OpenLaptop => open_front(p),
        LaptopModel::LaptopSeenFromBehind => open_back(p),
        _ => closed(p),
    }
}

fn open_front(p: &mut Painter<'_>) {
    // Lid with a wide coloured bezel around a dark screen.
    p.body(rrect(30.0, 2.0, 160.0, 104.0, 7.0));
    p.glass(rrect(44.0, 14.0, 132.0, 82.0, 2.0));
    p.flat(rrect(52.0, 22.0, 54.0, 34.0, 2.0), [90, 110, 150], 0.25);
    p.flat(rrect(110.0, 40.0, 58.0, 44.0, 2.0), [120, 130, 150], 0.18);
    p.flat(circle(110.0, 8.0, 1.5), PLASTIC, 1.0);
    // Keyboard deck in perspective.
    p.body(rounded(
        &[(28.0, 106.0), (192.0, 106.0), (218.0, 138.0), (2.0, 138.0)],
        4.0,
    ));
    p.tone(
        rounded(
            &[(2.0, 138.0), (218.0, 138.0), (216.0, 146.0), (4.0, 146.0)],
            3.0,
        ),
        p.dim(0.75),
    );
    let keys = [
        (38.0, 110.0, 182.0),
        (32.0, 115.0, 188.0),
        (26.0, 120.0, 194.0),
        (20.0, 125.0, 200.0),
    ];
    for (l, y, r) in keys {
        let n = 13;
        let step = (r - l) / n as f32;
        for i in 0..n {
            let x = l + i as f32 * step;
            p.flat(rrect(x + 0.6, y, step - 1.2, 4.0, 0.8), PLASTIC, 1.0);
        }
    }
    p.tone(rrect(84.0, 130.0, 52.0, 7.0, 2.0), p.dim(0.9));
}

fn open_back(p: &mut Painter<'_>) {
    // The base's back edge peeks out below the lid.
    p.tone(
        rounded(
            &[(20.0, 128.0), (200.0, 128.0), (210.0, 146.0), (10.0, 146.0)],
            4.0,
        ),
        p.dim(0.8),
    );
    p.body(rrect(24.0, 8.0, 172.0, 124.0, 8.0));
    p.flat(rrect(40.0, 126.0, 140.0, 4.0, 2.0), PLASTIC, 0.8);
    // Logo in the middle of the lid.
    p.flat(circle(110.0, 66.0, 12.0), [255; 3], 0.4);
    p.glow(70.0, 40.0, 70.0, [255; 3], 0.15);
}

fn closed(p: &mut Painter<'_>) {
    p.tone(
        rounded(
            &[(4.0, 130.0), (216.0, 130.0), (214.0, 142.0), (6.0, 142.0)],
            3.0,
        ),
        p.dim(0.7),
    );
    p.body(poly(&[
        (28.0, 80.0),
        (192.0, 80.0),
        (216.0, 130.0),
        (4.0, 130.0),
    ]));
    p.flat(circle(110.0, 104.0, 8.0), [255; 3], 0.4);
    p.seam(line(6.0, 134.0, 214.0, 134.0), [0; 3], 0.3, 1.0);
}
