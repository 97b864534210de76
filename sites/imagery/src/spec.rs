//! What a rendered product photo shows: the attributes stored with every item.

use serde::{Deserialize, Serialize};

use crate::model::Model;

/// The kind of object in the photo. Each comes in at least three named models.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ObjectKind {
    /// A passenger car.
    Car,
    /// A bicycle.
    Bicycle,
    /// A motorcycle.
    Motorcycle,
    /// A kayak.
    Kayak,
    /// A mobile phone.
    Phone,
    /// A laptop computer.
    Laptop,
    /// A television set.
    Television,
    /// A sofa.
    Sofa,
    /// A chair.
    Chair,
    /// A table.
    Table,
    /// A jacket.
    Jacket,
    /// A pair of shoes.
    Shoes,
    /// A guitar.
    Guitar,
    /// A lamp.
    Lamp,
    /// Headphones.
    Headphones,
    /// A camera.
    Camera,
    /// A shirt.
    Shirt,
    /// Packaged food or drink (box, can, bottle) with a printed label.
    Package,
    /// Kitchenware: a mug, kettle or pot.
    Kitchenware,
    /// A beauty product (bottle, jar, tube) with a printed label.
    Cosmetic,
    /// A toy.
    Toy,
    /// A hand or power tool.
    Tool,
    /// A book with its title on the cover.
    Book,
    /// Sports gear: balls, rackets and weights.
    SportsGear,
    /// A computer keyboard.
    Keyboard,
    /// A computer mouse.
    Mouse,
    /// A computer monitor.
    Monitor,
    /// A loudspeaker: bookshelf, tower, soundbar, subwoofer, portable or stage speakers.
    Speaker,
    /// An amplifier or receiver.
    Amplifier,
    /// A media player: disc player, streaming box, turntable, projector or antenna.
    MediaPlayer,
    /// A wristwatch or fitness band.
    Watch,
    /// A tablet or e-reader.
    Tablet,
    /// A small electronic gadget: hubs, webcams, calculators, shredders and chargers.
    Gadget,
    /// A bag or backpack.
    Bag,
    /// A portable, outdoor, work or stage light.
    Light,
    /// A stand for instruments, music or microphones.
    Stand,
    /// A toy vehicle: toy and RC cars, ride-on cars, die-cast models.
    ToyVehicle,
}

impl ObjectKind {
    /// Every object kind, in a stable order.
    pub const ALL: [ObjectKind; 37] = [
        ObjectKind::Car,
        ObjectKind::Bicycle,
        ObjectKind::Motorcycle,
        ObjectKind::Kayak,
        ObjectKind::Phone,
        ObjectKind::Laptop,
        ObjectKind::Television,
        ObjectKind::Sofa,
        ObjectKind::Chair,
        ObjectKind::Table,
        ObjectKind::Jacket,
        ObjectKind::Shoes,
        ObjectKind::Guitar,
        ObjectKind::Lamp,
        ObjectKind::Headphones,
        ObjectKind::Camera,
        ObjectKind::Shirt,
        ObjectKind::Package,
        ObjectKind::Kitchenware,
        ObjectKind::Cosmetic,
        ObjectKind::Toy,
        ObjectKind::Tool,
        ObjectKind::Book,
        ObjectKind::SportsGear,
        ObjectKind::Keyboard,
        ObjectKind::Mouse,
        ObjectKind::Monitor,
        ObjectKind::Speaker,
        ObjectKind::Amplifier,
        ObjectKind::MediaPlayer,
        ObjectKind::Watch,
        ObjectKind::Tablet,
        ObjectKind::Gadget,
        ObjectKind::Bag,
        ObjectKind::Light,
        ObjectKind::Stand,
        ObjectKind::ToyVehicle,
    ];

    /// The noun a person would use ("car", "shoes").
    pub fn noun(self) -> &'static str {
        match self {
            ObjectKind::Car => "car",
            ObjectKind::Bicycle => "bicycle",
            ObjectKind::Motorcycle => "motorcycle",
            ObjectKind::Kayak => "kayak",
            ObjectKind::Phone => "phone",
            ObjectKind::Laptop => "laptop",
            ObjectKind::Television => "television",
            ObjectKind::Sofa => "sofa",
            ObjectKind::Chair => "chair",
            ObjectKind::Table => "table",
            ObjectKind::Jacket => "jacket",
            ObjectKind::Shoes => "shoes",
            ObjectKind::Guitar => "guitar",
            ObjectKind::Lamp => "lamp",
            ObjectKind::Headphones => "headphones",
            ObjectKind::Camera => "camera",
            ObjectKind::Shirt => "shirt",
            ObjectKind::Package => "package",
            ObjectKind::Kitchenware => "kitchenware",
            ObjectKind::Cosmetic => "cosmetic",
            ObjectKind::Toy => "toy",
            ObjectKind::Tool => "tool",
            ObjectKind::Book => "book",
            ObjectKind::SportsGear => "sports gear",
            ObjectKind::Keyboard => "keyboard",
            ObjectKind::Mouse => "mouse",
            ObjectKind::Monitor => "monitor",
            ObjectKind::Speaker => "speaker",
            ObjectKind::Amplifier => "amplifier",
            ObjectKind::MediaPlayer => "media player",
            ObjectKind::Watch => "watch",
            ObjectKind::Tablet => "tablet",
            ObjectKind::Gadget => "gadget",
            ObjectKind::Bag => "bag",
            ObjectKind::Light => "light",
            ObjectKind::Stand => "stand",
            ObjectKind::ToyVehicle => "toy vehicle",
        }
    }
}

/// A colour with a name a person (or a VLM judge) would agree on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum NamedColor {
    /// Red.
    Red,
    /// Orange.
    Orange,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
    /// Blue.
    Blue,
    /// Purple.
    Purple,
    /// Pink.
    Pink,
    /// Brown.
    Brown,
    /// Black.
    Black,
    /// White.
    White,
    /// Gray.
    Gray,
    /// Silver.
    Silver,
    /// Navy, a dark blue easily taken for blue or black.
    Navy,
    /// Beige, a warm off-white easily taken for white.
    Beige,
}

impl NamedColor {
    /// The twelve basic colours, in a stable order: the colours the sites' first seeds drew
    /// from (their random streams depend on this list, so it never changes).
    pub const BASIC: [NamedColor; 12] = [
        NamedColor::Red,
        NamedColor::Orange,
        NamedColor::Yellow,
        NamedColor::Green,
        NamedColor::Blue,
        NamedColor::Purple,
        NamedColor::Pink,
        NamedColor::Brown,
        NamedColor::Black,
        NamedColor::White,
        NamedColor::Gray,
        NamedColor::Silver,
    ];

    /// Every colour, in a stable order: the basic ones, then their look-alike neighbours.
    pub const ALL: [NamedColor; 14] = [
        NamedColor::Red,
        NamedColor::Orange,
        NamedColor::Yellow,
        NamedColor::Green,
        NamedColor::Blue,
        NamedColor::Purple,
        NamedColor::Pink,
        NamedColor::Brown,
        NamedColor::Black,
        NamedColor::White,
        NamedColor::Gray,
        NamedColor::Silver,
        NamedColor::Navy,
        NamedColor::Beige,
    ];

    /// The colour's name in lower case ("red").
    pub fn name(self) -> &'static str {
        match self {
            NamedColor::Red => "red",
            NamedColor::Orange => "orange",
            NamedColor::Yellow => "yellow",
            NamedColor::Green => "green",
            NamedColor::Blue => "blue",
            NamedColor::Purple => "purple",
            NamedColor::Pink => "pink",
            NamedColor::Brown => "brown",
            NamedColor::Black => "black",
            NamedColor::White => "white",
            NamedColor::Gray => "gray",
            NamedColor::Silver => "silver",
            NamedColor::Navy => "navy",
            NamedColor::Beige => "beige",
        }
    }

    /// Whether a pattern or trim in `other` stands out on a body of this colour: they are
    /// far enough apart that no one would take them for one colour (white and silver,
    /// yellow and orange, red and orange or brown, gray and silver do not).
    pub fn stands_out_on(self, other: NamedColor) -> bool {
        let [a, b] = [self.rgb(), other.rgb()];
        let distance: i32 = (0..3)
            .map(|i| (i32::from(a[i]) - i32::from(b[i])).pow(2))
            .sum();
        distance >= 120 * 120
    }

    /// The accent for a body of this colour: `preferred` when it stands out on it, else the
    /// first basic colour after `preferred` (in [`NamedColor::BASIC`]'s order, wrapping)
    /// that does. A replacement is always a basic colour, never a look-alike neighbour.
    pub fn accent(self, preferred: NamedColor) -> NamedColor {
        if self.stands_out_on(preferred) {
            return preferred;
        }
        let start = NamedColor::BASIC
            .iter()
            .position(|&colour| colour == preferred)
            .map_or(0, |index| index + 1);
        (0..NamedColor::BASIC.len())
            .map(|step| NamedColor::BASIC[(start + step) % NamedColor::BASIC.len()])
            .find(|&colour| self.stands_out_on(colour))
            .unwrap_or(preferred)
    }

    /// The base sRGB value the renderer shades from.
    pub fn rgb(self) -> [u8; 3] {
        match self {
            NamedColor::Red => [200, 30, 35],
            NamedColor::Orange => [240, 130, 20],
            NamedColor::Yellow => [245, 210, 40],
            NamedColor::Green => [40, 150, 60],
            NamedColor::Blue => [30, 80, 200],
            NamedColor::Purple => [120, 50, 160],
            NamedColor::Pink => [240, 120, 170],
            NamedColor::Brown => [120, 75, 40],
            NamedColor::Black => [30, 30, 32],
            NamedColor::White => [240, 240, 236],
            NamedColor::Gray => [128, 128, 128],
            NamedColor::Silver => [190, 192, 198],
            NamedColor::Navy => [24, 38, 104],
            NamedColor::Beige => [226, 208, 168],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alike_colours_do_not_stand_out_on_each_other() {
        use NamedColor::*;
        for (a, b) in [
            (White, Silver),
            (Yellow, Orange),
            (Red, Orange),
            (Red, Brown),
            (Gray, Silver),
            (Navy, Blue),
            (Navy, Black),
            (Beige, White),
        ] {
            assert!(!a.stands_out_on(b) && !b.stands_out_on(a), "{a:?} {b:?}");
        }
        for colour in NamedColor::ALL {
            assert!(!colour.stands_out_on(colour));
            let accent = colour.accent(colour);
            assert!(colour.stands_out_on(accent), "{colour:?} -> {accent:?}");
        }
        assert_eq!(Red.accent(Blue), Blue);
        assert_eq!(White.accent(Silver), Red);
        assert_eq!(
            Blue.accent(Navy),
            Red,
            "a replacement accent is a basic colour"
        );
    }
}

/// How the object's main surface is decorated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Pattern {
    /// One colour.
    Solid,
    /// Stripes of the secondary colour.
    Striped,
    /// Dots of the secondary colour.
    Dotted,
    /// A checkerboard of primary and secondary colours.
    Checkered,
}

impl Pattern {
    /// Every pattern, in a stable order.
    pub const ALL: [Pattern; 4] = [
        Pattern::Solid,
        Pattern::Striped,
        Pattern::Dotted,
        Pattern::Checkered,
    ];

    /// Its name as a person says it ("checkered").
    pub fn name(self) -> &'static str {
        match self {
            Pattern::Solid => "solid",
            Pattern::Striped => "striped",
            Pattern::Dotted => "dotted",
            Pattern::Checkered => "checkered",
        }
    }
}

/// Where a photo is taken: the setting behind the objects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Backdrop {
    /// A seamless paper sweep, as in a studio.
    Studio,
    /// Indoors: a wall and a floor.
    Room,
    /// Outdoors: sky, distance and ground.
    Outdoors,
}

impl Backdrop {
    /// Every backdrop, in a stable order (seeds draw from it, so it never changes).
    pub const ALL: [Backdrop; 3] = [Backdrop::Studio, Backdrop::Room, Backdrop::Outdoors];

    /// The backdrop a seed's random draw `n` picks (taken modulo their number).
    pub fn at(n: usize) -> Backdrop {
        Backdrop::ALL[n % Backdrop::ALL.len()]
    }

    /// Its name in lower case ("studio").
    pub fn name(self) -> &'static str {
        match self {
            Backdrop::Studio => "studio",
            Backdrop::Room => "room",
            Backdrop::Outdoors => "outdoors",
        }
    }
}

/// Everything a product photo shows. Stored with each item (as JSON) so every visual
/// fact a task depends on is known exactly; rendering is a pure function of it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ImageSpec {
    /// The object shown, as one of its kind's named models.
    pub model: Model,
    /// The object's main colour.
    pub primary: NamedColor,
    /// The second colour, used by patterns and trims.
    pub secondary: Option<NamedColor>,
    /// How many objects are in the photo (1–4).
    pub count: u8,
    /// The main surface's decoration.
    pub pattern: Pattern,
    /// Text printed on the object's label or cover (kinds that print on themselves) or on a
    /// sign above it (short, upper-case reads best).
    pub text: Option<String>,
    /// Where the photo is taken.
    pub backdrop: Backdrop,
    /// Seed for small deterministic variations (angle, lighting, placement).
    pub variation: u64,
}

impl ImageSpec {
    /// The kind of object shown.
    pub fn kind(&self) -> ObjectKind {
        self.model.kind()
    }
}
