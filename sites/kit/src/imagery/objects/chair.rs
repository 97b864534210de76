//! Chairs from the front: office chair, dining chair, armchair.

use super::super::painter::{Painter, RUBBER, WOOD, shade};
use super::super::shapes::{circle, line, rounded, rrect};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (120.0, 170.0);

/// Draws template 0 (office), 1 (dining) or 2 (armchair).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    match template {
        0 => office(p),
        1 => dining(p),
        _ => armchair(p),
    }
}

fn office(p: &mut Painter<'_>) {
    // Five-star base on casters.
    for (x, y) in [(8.0, 158.0), (112.0, 158.0), (30.0, 164.0), (90.0, 164.0)] {
        p.line(line(60.0, 146.0, x, y), RUBBER, 6.0);
        p.tone(circle(x, y + 4.0, 4.5), [40, 40, 44]);
    }
    p.chrome(rrect(56.0, 110.0, 8.0, 38.0, 2.0));
    p.line(line(60.0, 100.0, 60.0, 84.0), RUBBER, 6.0);
    p.body(rrect(22.0, 2.0, 76.0, 86.0, 22.0));
    p.seam(
        rrect(30.0, 10.0, 60.0, 70.0, 16.0),
        shade(p.primary(), 0.6),
        0.5,
        1.2,
    );
    p.body(rrect(12.0, 92.0, 96.0, 22.0, 10.0));
    for x in [8.0, 104.0] {
        p.line(line(x, 96.0, x, 76.0), RUBBER, 5.0);
        p.tone(rrect(x - 6.0, 72.0, 12.0, 6.0, 3.0), RUBBER);
    }
}

fn dining(p: &mut Painter<'_>) {
    let leg = 6.5;
    // Back legs, then back posts and rails, seat, front legs.
    p.body_line(line(30.0, 110.0, 32.0, 160.0), leg * 0.8);
    p.body_line(line(90.0, 110.0, 88.0, 160.0), leg * 0.8);
    p.body_line(line(26.0, 4.0, 26.0, 100.0), leg);
    p.body_line(line(94.0, 4.0, 94.0, 100.0), leg);
    for y in [10.0, 30.0, 50.0] {
        p.body(rrect(26.0, y, 68.0, 11.0, 3.0));
    }
    p.body(rounded(
        &[(22.0, 94.0), (98.0, 94.0), (108.0, 108.0), (12.0, 108.0)],
        3.0,
    ));
    p.tone(rrect(12.0, 106.0, 96.0, 7.0, 2.0), shade(p.primary(), 0.75));
    p.body_line(line(16.0, 112.0, 16.0, 168.0), leg);
    p.body_line(line(104.0, 112.0, 104.0, 168.0), leg);
    p.body_line(line(18.0, 146.0, 102.0, 146.0), leg * 0.6);
}

fn armchair(p: &mut Painter<'_>) {
    for x in [12.0, 102.0] {
        p.tone(
            rounded(
                &[
                    (x, 150.0),
                    (x + 8.0, 150.0),
                    (x + 6.0, 168.0),
                    (x + 2.0, 168.0),
                ],
                1.0,
            ),
            WOOD,
        );
    }
    p.body(rounded(
        &[
            (14.0, 28.0),
            (40.0, 6.0),
            (80.0, 6.0),
            (106.0, 28.0),
            (108.0, 110.0),
            (12.0, 110.0),
        ],
        16.0,
    ));
    p.body(rrect(4.0, 112.0, 112.0, 40.0, 8.0));
    p.body(rrect(22.0, 96.0, 76.0, 26.0, 9.0));
    for x in [0.0, 94.0] {
        p.body(rrect(x, 68.0, 26.0, 82.0, 10.0));
        p.body(rrect(x - 2.0, 64.0, 30.0, 14.0, 7.0));
    }
    p.seam(
        line(8.0, 138.0, 112.0, 138.0),
        shade(p.primary(), 0.55),
        0.4,
        1.0,
    );
}
