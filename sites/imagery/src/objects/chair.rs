//! Chairs and stools: office, dining and arm chairs from the front; rocking, bar stool,
//! folding, Adirondack, round stool, padded bench, gaming, egg, camping, lounge, kneeling
//! and hammock chairs.

use super::super::painter::{METAL, shade};
use super::super::painter::{Painter, RUBBER, WOOD};
use super::super::shapes::{circle, curve, ellipse, line, poly, rounded, rrect, smooth};
use crate::model::ChairModel;

/// Local frame of the upright chairs: width × height.
const SIZE: (f32, f32) = (120.0, 170.0);

/// The local frame of a model.
pub(super) fn size(model: ChairModel) -> (f32, f32) {
    match model {
        ChairModel::BarStool => (100.0, 170.0),
        ChairModel::AdirondackChair => (150.0, 150.0),
        ChairModel::RoundStool => (100.0, 120.0),
        ChairModel::PaddedBench => (180.0, 110.0),
        ChairModel::GamingChair => (120.0, 190.0),
        ChairModel::EggChair => (150.0, 190.0),
        ChairModel::CampingChair => (130.0, 150.0),
        ChairModel::LoungeChair => (210.0, 130.0),
        ChairModel::KneelingChair => (140.0, 130.0),
        ChairModel::HammockChair => (130.0, 190.0),
        _ => SIZE,
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: ChairModel) {
    match model {
        ChairModel::OfficeChair => office(p),
        ChairModel::DiningChair => dining(p),
        ChairModel::Armchair => armchair(p),
        ChairModel::RockingChair => rocking(p),
        ChairModel::BarStool => bar_stool(p),
        ChairModel::FoldingChair => folding(p),
        ChairModel::AdirondackChair => adirondack(p),
        ChairModel::RoundStool => round_stool(p),
        ChairModel::PaddedBench => bench(p),
        ChairModel::GamingChair => gaming(p),
        ChairModel::EggChair => egg(p),
        ChairModel::CampingChair => camping(p),
        ChairModel::LoungeChair => lounge(p),
        ChairModel::KneelingChair => kneeling(p),
        _ => hammock(p),
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
    p.seam(rrect(30.0, 10.0, 60.0, 70.0, 16.0), p.dim(0.6), 0.5, 1.2);
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
    p.tone(rrect(12.0, 106.0, 96.0, 7.0, 2.0), p.dim(0.75));
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
    p.seam(line(8.0, 138.0, 112.0, 138.0), p.dim(0.55), 0.4, 1.0);
}

/// Five-star base on casters under a column at `x`, the column top at `y`.
fn star_base(p: &mut Painter<'_>, x: f32, y: f32, bottom: f32) {
    let spread = 52.0;
    for dx in [-spread, spread, -30.0, 30.0] {
        p.line(line(x, bottom - 24.0, x + dx, bottom - 12.0), RUBBER, 6.0);
        p.tone(circle(x + dx, bottom - 5.0, 4.5), [40, 40, 44]);
    }
    p.chrome(rrect(x - 4.0, y, 8.0, bottom - 24.0 - y, 2.0));
}

fn rocking(p: &mut Painter<'_>) {
    let leg = 6.0;
    p.body_line(line(30.0, 110.0, 30.0, 156.0), leg * 0.8);
    p.body_line(line(90.0, 110.0, 90.0, 156.0), leg * 0.8);
    // Spindle back between two posts.
    p.body_line(line(26.0, 4.0, 26.0, 104.0), leg);
    p.body_line(line(94.0, 4.0, 94.0, 104.0), leg);
    p.body(rrect(22.0, 2.0, 76.0, 14.0, 5.0));
    for x in [40.0, 53.0, 67.0, 80.0] {
        p.body_line(line(x, 16.0, x, 96.0), 4.0);
    }
    p.body(rounded(
        &[(18.0, 94.0), (102.0, 94.0), (110.0, 110.0), (10.0, 110.0)],
        3.0,
    ));
    p.body_line(line(14.0, 112.0, 14.0, 156.0), leg);
    p.body_line(line(106.0, 112.0, 106.0, 156.0), leg);
    // Arms and the curved rockers.
    for x in [8.0, 112.0] {
        p.body_line(line(x, 70.0, x, 110.0), leg * 0.8);
    }
    p.body(rrect(0.0, 64.0, 22.0, 8.0, 4.0));
    p.body(rrect(98.0, 64.0, 22.0, 8.0, 4.0));
    p.body_line(
        curve(&[(-2.0, 150.0), (30.0, 164.0), (90.0, 164.0), (122.0, 150.0)]),
        7.0,
    );
}

fn bar_stool(p: &mut Painter<'_>) {
    let m = 50.0;
    for (top, bottom) in [
        ((m - 18.0, 40.0), (10.0, 168.0)),
        ((m + 18.0, 40.0), (90.0, 168.0)),
    ] {
        p.body_line(line(top.0, top.1, bottom.0, bottom.1), 6.0);
    }
    p.body_line(line(m, 40.0, m, 168.0), 5.0);
    p.chrome(rrect(18.0, 116.0, 64.0, 6.0, 3.0));
    p.tone(ellipse(m, 28.0, 42.0, 12.0), p.dim(0.7));
    p.body(rrect(6.0, 14.0, 88.0, 22.0, 10.0));
    p.body(rrect(18.0, 0.0, 64.0, 18.0, 6.0));
}

fn folding(p: &mut Painter<'_>) {
    let metal = shade(METAL, 0.9);
    // X-legs behind the seat, the back panel on its posts.
    p.line(line(20.0, 98.0, 96.0, 168.0), metal, 5.0);
    p.line(line(96.0, 98.0, 20.0, 168.0), metal, 5.0);
    for x in [24.0, 92.0] {
        p.line(line(x, 6.0, x, 100.0), metal, 5.0);
    }
    p.body(rrect(18.0, 4.0, 80.0, 42.0, 6.0));
    p.body(rounded(
        &[(18.0, 92.0), (98.0, 92.0), (108.0, 108.0), (10.0, 108.0)],
        4.0,
    ));
    for x in [12.0, 104.0] {
        p.line(line(x, 106.0, x, 168.0), metal, 5.0);
        p.tone(rrect(x - 4.0, 164.0, 8.0, 5.0, 2.0), RUBBER);
    }
}

fn adirondack(p: &mut Painter<'_>) {
    // Fanned slat back leaning far back, broad flat arms and a low sloped seat.
    for i in 0..5 {
        let x = 20.0 + i as f32 * 14.0;
        p.body(rounded(
            &[
                (x, 6.0 + (i as f32 - 2.0).abs() * 6.0),
                (x + 12.0, 6.0 + (i as f32 - 2.0).abs() * 6.0),
                (x + 24.0, 100.0),
                (x + 12.0, 100.0),
            ],
            4.0,
        ));
    }
    p.body(rounded(
        &[(30.0, 96.0), (134.0, 96.0), (140.0, 112.0), (24.0, 112.0)],
        3.0,
    ));
    for (a, b) in [
        ((36.0, 110.0), (30.0, 150.0)),
        ((126.0, 110.0), (134.0, 150.0)),
    ] {
        p.body_line(line(a.0, a.1, b.0, b.1), 8.0);
    }
    p.body(rrect(0.0, 66.0, 50.0, 12.0, 4.0));
    p.body(rrect(100.0, 66.0, 50.0, 12.0, 4.0));
    for x in [12.0, 138.0] {
        p.body_line(line(x, 76.0, x, 150.0), 7.0);
    }
}

fn round_stool(p: &mut Painter<'_>) {
    let metal = shade(METAL, 0.9);
    p.chrome(rrect(46.0, 40.0, 8.0, 50.0, 2.0));
    for (dx, y) in [(-44.0, 118.0), (44.0, 118.0), (0.0, 112.0)] {
        p.line(line(50.0, 84.0, 50.0 + dx, y), metal, 5.0);
        p.tone(rrect(50.0 + dx - 5.0, y - 2.0, 10.0, 4.0, 2.0), RUBBER);
    }
    p.tone(ellipse(50.0, 38.0, 46.0, 10.0), p.dim(0.6));
    p.body(rrect(4.0, 14.0, 92.0, 26.0, 12.0));
    p.body(ellipse(50.0, 16.0, 46.0, 11.0));
}

fn bench(p: &mut Painter<'_>) {
    for x in [14.0, 158.0] {
        p.body_line(line(x + 4.0, 40.0, x + 3.0, 108.0), 8.0);
    }
    p.body(rrect(10.0, 36.0, 160.0, 18.0, 3.0));
    p.body(rrect(4.0, 12.0, 172.0, 28.0, 10.0));
    p.seam(line(10.0, 26.0, 170.0, 26.0), p.dim(0.6), 0.5, 1.0);
    for x in [40.0, 90.0, 140.0] {
        p.flat(circle(x, 24.0, 2.0), p.dim(0.5), 1.0);
    }
}

fn gaming(p: &mut Painter<'_>) {
    star_base(p, 60.0, 130.0, 190.0);
    // Racing-style back with side wings, a head cushion and contrasting stripes.
    p.body(rounded(
        &[
            (26.0, 4.0),
            (94.0, 4.0),
            (104.0, 40.0),
            (96.0, 120.0),
            (24.0, 120.0),
            (16.0, 40.0),
        ],
        14.0,
    ));
    p.tone(rrect(52.0, 10.0, 16.0, 100.0, 4.0), p.secondary());
    p.tone(rrect(40.0, 16.0, 40.0, 18.0, 8.0), p.dim(0.7));
    p.body(rrect(12.0, 112.0, 96.0, 24.0, 10.0));
    for x in [6.0, 104.0] {
        p.line(line(x + 4.0, 116.0, x + 4.0, 96.0), RUBBER, 5.0);
        p.tone(rrect(x - 4.0, 90.0, 16.0, 7.0, 3.0), RUBBER);
    }
}

fn egg(p: &mut Painter<'_>) {
    let metal = shade(METAL, 0.85);
    // A C-shaped stand holding the hanging pod.
    p.line(
        curve(&[
            (36.0, 186.0),
            (130.0, 186.0),
            (140.0, 100.0),
            (120.0, 10.0),
            (84.0, 8.0),
        ]),
        metal,
        6.0,
    );
    p.tone(ellipse(84.0, 186.0, 50.0, 5.0), metal);
    p.line(line(84.0, 8.0, 76.0, 36.0), metal, 2.5);
    p.body(smooth(&[
        (76.0, 34.0),
        (120.0, 60.0),
        (126.0, 120.0),
        (100.0, 166.0),
        (52.0, 166.0),
        (24.0, 120.0),
        (30.0, 60.0),
    ]));
    p.tone(
        smooth(&[
            (76.0, 54.0),
            (106.0, 76.0),
            (110.0, 124.0),
            (76.0, 150.0),
            (42.0, 124.0),
            (46.0, 76.0),
        ]),
        p.dim(0.55),
    );
    p.tone(ellipse(76.0, 130.0, 32.0, 14.0), p.secondary());
}

fn camping(p: &mut Painter<'_>) {
    let metal = shade(METAL, 0.7);
    p.line(line(14.0, 80.0, 116.0, 148.0), metal, 4.0);
    p.line(line(116.0, 80.0, 14.0, 148.0), metal, 4.0);
    for x in [16.0, 114.0] {
        p.line(line(x, 6.0, x, 148.0), metal, 4.0);
    }
    // A sagging fabric back and seat, armrests with a cup holder.
    p.body(poly(&[
        (16.0, 6.0),
        (114.0, 6.0),
        (110.0, 80.0),
        (20.0, 80.0),
    ]));
    p.body(smooth(&[
        (20.0, 78.0),
        (65.0, 92.0),
        (110.0, 78.0),
        (108.0, 100.0),
        (65.0, 110.0),
        (22.0, 100.0),
    ]));
    p.tone(rrect(0.0, 64.0, 30.0, 8.0, 3.0), p.dim(0.7));
    p.tone(rrect(100.0, 64.0, 30.0, 8.0, 3.0), p.dim(0.7));
    p.tone(rrect(112.0, 56.0, 16.0, 16.0, 3.0), RUBBER);
    p.tone(rrect(44.0, 20.0, 42.0, 12.0, 3.0), p.secondary());
}

fn lounge(p: &mut Painter<'_>) {
    let metal = shade(METAL, 0.75);
    // A reclined frame: the back rising to the left, the leg rest to the right.
    p.line(polyline_frame(), metal, 5.0);
    for (a, b) in [
        ((40.0, 90.0), (60.0, 128.0)),
        ((150.0, 84.0), (130.0, 128.0)),
    ] {
        p.line(line(a.0, a.1, b.0, b.1), metal, 5.0);
    }
    p.line(line(50.0, 128.0, 140.0, 128.0), metal, 4.0);
    p.body(rounded(
        &[
            (8.0, 20.0),
            (26.0, 12.0),
            (100.0, 78.0),
            (200.0, 60.0),
            (206.0, 74.0),
            (102.0, 96.0),
            (6.0, 36.0),
        ],
        6.0,
    ));
    p.tone(rrect(6.0, 8.0, 28.0, 14.0, 6.0), p.secondary());
    p.tone(rrect(72.0, 58.0, 44.0, 7.0, 3.0), RUBBER);
}

/// The lounge chair's side rail.
fn polyline_frame() -> Option<tiny_skia::Path> {
    super::super::shapes::polyline(&[(6.0, 24.0), (100.0, 90.0), (206.0, 70.0)])
}

fn kneeling(p: &mut Painter<'_>) {
    // A wooden base shaped like a rocker, an angled seat and a lower knee pad.
    p.tone(
        smooth(&[(6.0, 126.0), (70.0, 118.0), (134.0, 126.0), (70.0, 130.0)]),
        WOOD,
    );
    p.line(line(40.0, 122.0, 70.0, 60.0), WOOD, 8.0);
    p.line(line(70.0, 60.0, 110.0, 96.0), WOOD, 8.0);
    p.body(rounded(
        &[(30.0, 46.0), (96.0, 62.0), (92.0, 80.0), (26.0, 64.0)],
        8.0,
    ));
    p.body(rounded(
        &[(86.0, 86.0), (136.0, 98.0), (132.0, 114.0), (82.0, 104.0)],
        8.0,
    ));
}

fn hammock(p: &mut Painter<'_>) {
    // Ropes from a ring at the top to a spreader bar, then a deep fabric seat.
    p.tone(circle(65.0, 6.0, 5.0), METAL);
    for x in [14.0, 116.0] {
        p.seam(line(65.0, 8.0, x, 54.0), [200, 190, 170], 1.0, 2.0);
    }
    p.tone(rrect(6.0, 50.0, 118.0, 8.0, 3.0), p.dim(0.8));
    p.body(smooth(&[
        (10.0, 56.0),
        (120.0, 56.0),
        (118.0, 120.0),
        (104.0, 170.0),
        (65.0, 186.0),
        (26.0, 170.0),
        (12.0, 120.0),
    ]));
    p.tone(
        smooth(&[
            (28.0, 66.0),
            (102.0, 66.0),
            (96.0, 120.0),
            (65.0, 136.0),
            (34.0, 120.0),
        ]),
        p.dim(0.88),
    );
    p.tone(rrect(36.0, 118.0, 58.0, 20.0, 8.0), p.secondary());
    for i in 0..6 {
        let x = 34.0 + i as f32 * 12.0;
        p.seam(line(x, 176.0, x - 2.0, 188.0), p.dim(0.6), 0.9, 1.5);
    }
}
