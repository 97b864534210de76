//! Bicycles in side view, facing right: road, mountain, city bike with basket, folding
//! bike, e-bike, kids' bike with training wheels, BMX, tandem, balance bike and tricycle.

use super::super::painter::{METAL, Painter, RUBBER, WOOD, shade};
use super::super::shapes::{circle, curve, line, polyline, rounded, rrect, smooth};
use super::parts::spoked_wheel;
use crate::model::BicycleModel;

/// Local frame of the full-size bikes: width × height.
const SIZE: (f32, f32) = (200.0, 120.0);

const TUBE: f32 = 9.0;

/// The local frame of a model: full-size bikes share one, the small and long ones
/// have their own.
pub(super) fn size(model: BicycleModel) -> (f32, f32) {
    match model {
        BicycleModel::KidsBikeWithTrainingWheels => (170.0, 110.0),
        BicycleModel::BmxBike => (180.0, 110.0),
        BicycleModel::TandemBike => (290.0, 120.0),
        BicycleModel::BalanceBike => (150.0, 100.0),
        BicycleModel::Tricycle => (150.0, 120.0),
        _ => SIZE,
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: BicycleModel) {
    match model {
        BicycleModel::FoldingBike => folding(p),
        BicycleModel::EBike => {
            // A step-through city frame without the basket, with a battery on the down
            // tube, a hub motor and a handlebar display.
            full_size(p, BicycleModel::CityBikeWithBasket, false);
            p.tone(
                rounded(
                    &[(124.0, 58.0), (134.0, 64.0), (112.0, 90.0), (102.0, 84.0)],
                    4.0,
                ),
                RUBBER,
            );
            p.flat(rrect(116.0, 70.0, 6.0, 3.0, 1.0), [90, 200, 120], 1.0);
            p.tone(circle(42.0, 84.0, 11.0), [44, 44, 48]);
            p.chrome(circle(42.0, 84.0, 4.0));
            p.tone(rrect(128.0, 18.0, 12.0, 7.0, 2.0), RUBBER);
            p.flat(rrect(130.0, 19.5, 8.0, 4.0, 1.0), [120, 190, 230], 1.0);
        }
        BicycleModel::KidsBikeWithTrainingWheels => kids(p),
        BicycleModel::BmxBike => bmx(p),
        BicycleModel::TandemBike => tandem(p),
        BicycleModel::BalanceBike => balance(p),
        BicycleModel::Tricycle => tricycle(p),
        _ => full_size(p, model, model == BicycleModel::CityBikeWithBasket),
    }
}

/// The road, mountain and city bikes (and the e-bike's city frame).
fn full_size(p: &mut Painter<'_>, model: BicycleModel, basket: bool) {
    let r = 36.0;
    let (rear, front, axle_y) = (42.0, 158.0, SIZE.1 - r);
    let bb = (96.0, 88.0);
    let tyre = match model {
        BicycleModel::RoadBike => 3.5,
        BicycleModel::MountainBike => 6.5,
        _ => 5.0,
    };
    spoked_wheel(p, rear, axle_y, r, tyre);
    spoked_wheel(p, front, axle_y, r, tyre);
    if model == BicycleModel::MountainBike {
        // Knobbly tread.
        for i in 0..28 {
            let a = i as f32 * std::f32::consts::TAU / 28.0;
            let (s, c) = a.sin_cos();
            for cx in [rear, front] {
                p.line(
                    line(
                        cx + c * r,
                        axle_y + s * r,
                        cx + c * (r + 1.5),
                        axle_y + s * (r + 1.5),
                    ),
                    RUBBER,
                    2.5,
                );
            }
        }
    }
    let seat_top = (82.0, 40.0);
    let head = ((138.0, 42.0), (144.0, 60.0));
    // Stays and chain.
    p.body_line(line(bb.0, bb.1, rear, axle_y), TUBE * 0.7);
    p.body_line(
        line(seat_top.0 + 1.0, seat_top.1 + 6.0, rear, axle_y),
        TUBE * 0.6,
    );
    p.seam(
        line(bb.0, bb.1 + 8.0, rear, axle_y + 4.0),
        [60, 60, 64],
        1.0,
        1.5,
    );
    p.seam(
        line(bb.0, bb.1 - 8.0, rear, axle_y - 4.0),
        [60, 60, 64],
        1.0,
        1.5,
    );
    match model {
        BicycleModel::CityBikeWithBasket => {
            // Step-through frame: one low swooping tube.
            p.body_line(
                curve(&[head.0, (132.0, 66.0), (112.0, 86.0), bb]),
                TUBE * 1.2,
            );
            p.body_line(line(bb.0, bb.1, seat_top.0, seat_top.1), TUBE);
        }
        BicycleModel::MountainBike => {
            p.body_line(line(seat_top.0 + 1.0, 50.0, head.0.0, head.0.1 + 2.0), TUBE);
            p.body_line(line(bb.0, bb.1, head.1.0, head.1.1), TUBE * 1.3);
            p.body_line(line(bb.0, bb.1, seat_top.0, seat_top.1), TUBE);
        }
        _ => {
            p.body_line(
                line(seat_top.0, seat_top.1 + 3.0, head.0.0, head.0.1 + 1.0),
                TUBE,
            );
            p.body_line(line(bb.0, bb.1, head.1.0, head.1.1), TUBE * 1.1);
            p.body_line(line(bb.0, bb.1, seat_top.0, seat_top.1), TUBE);
        }
    }
    p.body_line(line(head.0.0, head.0.1, head.1.0, head.1.1), TUBE * 1.3);
    // Fork: suspension stanchions on the mountain bike.
    if model == BicycleModel::MountainBike {
        p.line(line(head.1.0, head.1.1, 150.0, 74.0), [40, 40, 44], 7.0);
        p.chrome(rounded(
            &[(147.0, 72.0), (153.0, 72.0), (160.0, 86.0), (155.0, 87.0)],
            1.5,
        ));
    } else {
        p.body_line(curve(&[head.1, (151.0, 72.0), (front, axle_y)]), TUBE * 0.7);
    }
    // Fenders on the step-through, and the city bike's basket.
    if model == BicycleModel::CityBikeWithBasket {
        for cx in [rear, front] {
            p.body_line(
                curve(&[
                    (cx - r * 0.95, axle_y - r * 0.2),
                    (cx - r * 0.7, axle_y - r * 0.85),
                    (cx, axle_y - r - 4.0),
                    (cx + r * 0.7, axle_y - r * 0.85),
                    (cx + r * 0.95, axle_y - r * 0.2),
                ]),
                4.0,
            );
        }
    }
    if basket {
        p.tone(
            rounded(
                &[(150.0, 24.0), (190.0, 24.0), (186.0, 50.0), (154.0, 50.0)],
                3.0,
            ),
            WOOD,
        );
        for i in 0..5 {
            let x = 154.0 + i as f32 * 8.0;
            p.seam(line(x, 25.0, x - 1.0, 49.0), shade(WOOD, 0.6), 0.9, 1.2);
        }
        p.seam(line(151.0, 37.0, 189.0, 37.0), shade(WOOD, 0.6), 0.9, 1.2);
        p.line(rrect(150.0, 22.0, 40.0, 4.0, 2.0), shade(WOOD, 0.8), 2.0);
    }
    // Crankset and pedal.
    p.chrome(circle(bb.0, bb.1, 9.0));
    p.flat(circle(bb.0, bb.1, 3.0), [60, 62, 66], 1.0);
    p.line(line(bb.0, bb.1, bb.0 + 8.0, bb.1 + 14.0), METAL, 3.5);
    p.tone(rrect(bb.0 + 3.0, bb.1 + 13.0, 12.0, 4.0, 1.5), RUBBER);
    // Seat post and saddle.
    p.line(
        line(seat_top.0, seat_top.1, seat_top.0 - 3.0, seat_top.1 - 10.0),
        METAL,
        3.0,
    );
    let saddle = if model == BicycleModel::CityBikeWithBasket {
        smooth(&[
            (64.0, 30.0),
            (82.0, 26.0),
            (94.0, 30.0),
            (84.0, 36.0),
            (66.0, 36.0),
        ])
    } else {
        smooth(&[
            (62.0, 30.0),
            (80.0, 27.0),
            (98.0, 29.0),
            (80.0, 34.0),
            (64.0, 34.0),
        ])
    };
    p.tone(saddle, RUBBER);
    // Stem and handlebar.
    p.line(line(head.0.0, head.0.1, 141.0, 32.0), METAL, 4.0);
    match model {
        BicycleModel::RoadBike => {
            p.line(line(141.0, 32.0, 152.0, 33.0), METAL, 3.5);
            p.line(
                curve(&[(152.0, 33.0), (161.0, 36.0), (162.0, 46.0), (155.0, 52.0)]),
                RUBBER,
                4.0,
            );
        }
        BicycleModel::MountainBike => p.line(
            polyline(&[(141.0, 32.0), (150.0, 30.0), (152.0, 30.0)]),
            RUBBER,
            4.5,
        ),
        _ => p.line(
            curve(&[(141.0, 32.0), (138.0, 24.0), (126.0, 22.0), (118.0, 26.0)]),
            METAL,
            3.5,
        ),
    }
}

/// A diamond frame from the bottom bracket `bb`, seat top `seat` and head tube `head`
/// (top, bottom) to the rear axle `rear`: stays, tubes and fork to the front axle `front`.
fn frame(
    p: &mut Painter<'_>,
    bb: (f32, f32),
    seat: (f32, f32),
    head: ((f32, f32), (f32, f32)),
    rear: (f32, f32),
    front: (f32, f32),
    tube: f32,
) {
    p.body_line(line(bb.0, bb.1, rear.0, rear.1), tube * 0.7);
    p.body_line(line(seat.0, seat.1 + 6.0, rear.0, rear.1), tube * 0.6);
    p.body_line(line(seat.0, seat.1 + 4.0, head.0.0, head.0.1 + 2.0), tube);
    p.body_line(line(bb.0, bb.1, head.1.0, head.1.1), tube * 1.1);
    p.body_line(line(bb.0, bb.1, seat.0, seat.1), tube);
    p.body_line(line(head.0.0, head.0.1, head.1.0, head.1.1), tube * 1.2);
    p.body_line(line(head.1.0, head.1.1, front.0, front.1), tube * 0.7);
}

/// Crank, chainring and a pedal at `bb`, `size` scaling them.
fn crank(p: &mut Painter<'_>, bb: (f32, f32), size: f32) {
    p.chrome(circle(bb.0, bb.1, 9.0 * size));
    p.flat(circle(bb.0, bb.1, 3.0 * size), [60, 62, 66], 1.0);
    p.line(
        line(bb.0, bb.1, bb.0 + 8.0 * size, bb.1 + 14.0 * size),
        METAL,
        3.5 * size,
    );
    p.tone(
        rrect(
            bb.0 + 3.0 * size,
            bb.1 + 13.0 * size,
            12.0 * size,
            4.0 * size,
            1.5,
        ),
        RUBBER,
    );
}

/// A saddle on its post, the post rising from `seat`.
fn saddle(p: &mut Painter<'_>, seat: (f32, f32), rise: f32) {
    let (x, y) = (seat.0 - 2.0, seat.1 - rise);
    p.line(line(seat.0, seat.1, x, y), METAL, 3.0);
    p.tone(
        smooth(&[
            (x - 18.0, y - 3.0),
            (x, y - 6.0),
            (x + 14.0, y - 4.0),
            (x, y + 2.0),
            (x - 16.0, y + 2.0),
        ]),
        RUBBER,
    );
}

/// A stem rising from the head tube's top `head` to a straight bar `rise` above it.
fn flat_bar(p: &mut Painter<'_>, head: (f32, f32), rise: f32) {
    let top = (head.0 - 3.0, head.1 - rise);
    p.line(line(head.0, head.1, top.0, top.1), METAL, 4.0);
    p.line(
        line(top.0 - 4.0, top.1, top.0 + 10.0, top.1 - 1.0),
        RUBBER,
        4.5,
    );
}

fn folding(p: &mut Painter<'_>) {
    let r = 24.0;
    let y = SIZE.1 - r;
    let (rear, front) = (46.0, 156.0);
    spoked_wheel(p, rear, y, r, 4.0);
    spoked_wheel(p, front, y, r, 4.0);
    let bb = (92.0, 90.0);
    // One thick main beam with its folding hinge, a tall seat post and handle post.
    p.body_line(line(bb.0, bb.1, rear, y), TUBE * 0.7);
    p.body_line(line(bb.0, bb.1, 140.0, 62.0), TUBE * 2.0);
    p.chrome(circle(118.0, 76.0, 6.0));
    p.flat(circle(118.0, 76.0, 2.5), RUBBER, 1.0);
    p.body_line(line(140.0, 62.0, front, y), TUBE * 0.8);
    p.body_line(line(140.0, 62.0, 134.0, 20.0), TUBE * 1.1);
    p.body_line(line(bb.0, bb.1, 84.0, 52.0), TUBE);
    p.seam(
        line(bb.0, bb.1 + 6.0, rear, y + 3.0),
        [60, 60, 64],
        1.0,
        1.5,
    );
    crank(p, bb, 0.9);
    saddle(p, (84.0, 52.0), 24.0);
    p.line(line(126.0, 18.0, 146.0, 17.0), RUBBER, 4.5);
}

fn kids(p: &mut Painter<'_>) {
    let r = 28.0;
    let y = 110.0 - r - 4.0;
    let (rear, front) = (42.0, 128.0);
    // Training wheels on an arm from the rear axle.
    p.line(line(rear, y, rear - 18.0, 100.0), METAL, 3.0);
    p.tone(circle(rear - 18.0, 101.0, 9.0), RUBBER);
    p.chrome(circle(rear - 18.0, 101.0, 3.0));
    spoked_wheel(p, rear, y, r, 5.0);
    spoked_wheel(p, front, y, r, 5.0);
    let bb = (82.0, 84.0);
    frame(
        p,
        bb,
        (66.0, 44.0),
        ((112.0, 40.0), (116.0, 54.0)),
        (rear, y),
        (front, y),
        TUBE,
    );
    // A chain guard in the accent colour.
    p.tone(
        rounded(
            &[(50.0, y - 8.0), (86.0, 76.0), (88.0, 92.0), (50.0, y + 6.0)],
            6.0,
        ),
        p.secondary(),
    );
    crank(p, bb, 0.8);
    saddle(p, (66.0, 44.0), 10.0);
    p.line(line(112.0, 40.0, 108.0, 22.0), METAL, 4.0);
    p.line(
        curve(&[(96.0, 18.0), (108.0, 22.0), (122.0, 16.0)]),
        RUBBER,
        5.0,
    );
    for x in [96.0, 122.0] {
        p.tone(circle(x, 17.0, 3.0), p.secondary());
    }
}

fn bmx(p: &mut Painter<'_>) {
    let r = 33.0;
    let y = 110.0 - r;
    let (rear, front) = (40.0, 140.0);
    spoked_wheel(p, rear, y, r, 8.0);
    spoked_wheel(p, front, y, r, 8.0);
    let bb = (84.0, 78.0);
    frame(
        p,
        bb,
        (72.0, 52.0),
        ((124.0, 44.0), (128.0, 58.0)),
        (rear, y),
        (front, y),
        TUBE * 1.2,
    );
    // Axle pegs front and back.
    for x in [rear, front] {
        p.chrome(rrect(x - 9.0, y - 3.5, 18.0, 7.0, 3.0));
    }
    crank(p, bb, 1.0);
    saddle(p, (72.0, 52.0), 4.0);
    // High-rise bar with a crossbar.
    p.line(line(124.0, 44.0, 120.0, 36.0), METAL, 5.0);
    p.line(
        polyline(&[(112.0, 40.0), (116.0, 10.0), (126.0, 10.0)]),
        METAL,
        4.0,
    );
    p.line(line(113.0, 26.0, 121.0, 26.0), METAL, 3.0);
    p.line(line(114.0, 10.0, 132.0, 10.0), RUBBER, 5.0);
}

fn tandem(p: &mut Painter<'_>) {
    let r = 36.0;
    let y = 120.0 - r;
    let (rear, front) = (42.0, 248.0);
    spoked_wheel(p, rear, y, r, 4.0);
    spoked_wheel(p, front, y, r, 4.0);
    let (bb1, bb2) = ((96.0, 88.0), (176.0, 88.0));
    let (seat1, seat2) = ((82.0, 40.0), (166.0, 40.0));
    let head = ((226.0, 42.0), (232.0, 60.0));
    p.body_line(line(bb1.0, bb1.1, rear, y), TUBE * 0.7);
    p.body_line(line(seat1.0, seat1.1 + 6.0, rear, y), TUBE * 0.6);
    p.body_line(line(bb1.0, bb1.1, seat1.0, seat1.1), TUBE);
    p.body_line(line(bb2.0, bb2.1, seat2.0, seat2.1), TUBE);
    p.body_line(line(seat1.0, seat1.1 + 4.0, head.0.0, head.0.1 + 2.0), TUBE);
    p.body_line(line(bb1.0, bb1.1, bb2.0, bb2.1), TUBE);
    p.body_line(line(seat1.0, seat1.1 + 10.0, bb2.0, bb2.1), TUBE * 0.9);
    p.body_line(line(bb2.0, bb2.1, head.1.0, head.1.1), TUBE * 1.1);
    p.body_line(line(head.0.0, head.0.1, head.1.0, head.1.1), TUBE * 1.2);
    p.body_line(curve(&[head.1, (240.0, 72.0), (front, y)]), TUBE * 0.7);
    crank(p, bb1, 1.0);
    crank(p, bb2, 1.0);
    saddle(p, seat1, 10.0);
    saddle(p, seat2, 10.0);
    // The stoker's bar on the captain's seat post, the captain's bar on the stem.
    p.line(line(166.0, 32.0, 178.0, 28.0), RUBBER, 4.0);
    flat_bar(p, head.0, 10.0);
}

fn balance(p: &mut Painter<'_>) {
    let r = 24.0;
    let y = 100.0 - r;
    let (rear, front) = (32.0, 118.0);
    spoked_wheel(p, rear, y, r, 6.0);
    spoked_wheel(p, front, y, r, 6.0);
    // No pedals or chain: one low beam from the rear stays to the head tube.
    p.body_line(line(rear, y, 58.0, 56.0), TUBE * 0.8);
    p.body_line(line(58.0, 56.0, 100.0, 44.0), TUBE * 1.4);
    p.body_line(line(100.0, 34.0, 104.0, 54.0), TUBE * 1.2);
    p.body_line(line(104.0, 54.0, front, y), TUBE * 0.8);
    p.tone(rrect(64.0, 66.0, 22.0, 5.0, 2.0), RUBBER);
    saddle(p, (58.0, 56.0), 10.0);
    p.line(line(100.0, 34.0, 97.0, 20.0), METAL, 4.0);
    p.line(line(90.0, 20.0, 106.0, 19.0), RUBBER, 5.0);
}

fn tricycle(p: &mut Painter<'_>) {
    // Two small rear wheels (one behind the other) under a step, a big front wheel
    // with the pedals on its hub.
    p.tone(circle(40.0, 102.0, 17.0), shade(RUBBER, 1.4));
    spoked_wheel(p, 30.0, 102.0, 18.0, 5.0);
    let front = (112.0, 88.0);
    spoked_wheel(p, front.0, front.1, 32.0, 6.0);
    p.body(rrect(8.0, 74.0, 52.0, 10.0, 3.0));
    p.body_line(
        curve(&[(30.0, 84.0), (60.0, 70.0), (96.0, 40.0)]),
        TUBE * 1.5,
    );
    p.body_line(line(96.0, 32.0, front.0, front.1), TUBE);
    p.line(
        line(front.0, front.1, front.0 + 10.0, front.1 - 2.0),
        METAL,
        3.0,
    );
    p.tone(rrect(front.0 + 6.0, front.1 - 6.0, 12.0, 5.0, 2.0), RUBBER);
    p.line(
        line(front.0, front.1, front.0 - 10.0, front.1 + 2.0),
        METAL,
        3.0,
    );
    p.tone(rrect(front.0 - 16.0, front.1 - 1.0, 12.0, 5.0, 2.0), RUBBER);
    p.tone(
        smooth(&[
            (44.0, 52.0),
            (62.0, 48.0),
            (74.0, 52.0),
            (60.0, 58.0),
            (46.0, 58.0),
        ]),
        RUBBER,
    );
    p.line(line(62.0, 58.0, 64.0, 66.0), METAL, 3.0);
    p.line(line(96.0, 32.0, 92.0, 16.0), METAL, 4.0);
    p.line(line(80.0, 16.0, 104.0, 15.0), RUBBER, 5.0);
    for x in [80.0, 104.0] {
        p.tone(circle(x, 15.0, 3.0), p.secondary());
    }
}
