//! The objects a photo can show, each drawn in its own local frame (y down, the
//! floor at the frame's bottom edge) in several recognisable templates.
//!
//! [`ObjectKind::templates`] is the one table of what every drawing is called and which
//! things it honestly shows; [`super::drawing_for`] reads it to find the drawing a
//! product's, listing's or post's noun calls for.

mod amplifier;
mod bag;
mod bicycle;
mod book;
mod camera;
mod car;
mod chair;
mod cosmetic;
mod gadget;
mod guitar;
mod headphones;
mod jacket;
mod kayak;
mod keyboard;
mod kitchenware;
mod lamp;
mod laptop;
mod light;
mod media_player;
mod monitor;
mod motorcycle;
mod mouse;
mod package;
mod parts;
mod phone;
mod shirt;
mod shoes;
mod sofa;
mod speaker;
mod sports_gear;
mod stand;
mod table;
mod tablet;
mod television;
mod tool;
mod toy;
mod toy_vehicle;
mod watch;

use super::error::ImageryError;
use super::painter::Painter;
use super::spec::ObjectKind;

/// How many visual templates every kind has at least.
pub const TEMPLATES: u8 = 3;

/// One visual template of a kind: what a person would call the drawing, and the things it
/// honestly shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Template {
    /// The drawing's name ("pickup truck", "sandals").
    pub name: &'static str,
    /// Lower-case singular nouns of the things this drawing shows ("sandal", "pit bike"):
    /// a thing is shown when its noun is one of these or ends with one as whole words.
    pub shows: &'static [&'static str],
}

/// A template literal (a macro so the tables stay promotable to `'static`).
macro_rules! t {
    ($name:expr, $shows:expr $(,)?) => {
        Template {
            name: $name,
            shows: $shows,
        }
    };
}

impl ObjectKind {
    /// This kind's visual templates, indexed by `ImageSpec::template` (which is taken modulo
    /// their number).
    pub fn templates(self) -> &'static [Template] {
        match self {
            ObjectKind::Car => &[
                t!("sedan", &["sedan", "car", "vehicle"]),
                t!("hatchback", &["hatchback", "car", "vehicle"]),
                t!("pickup truck", &["pickup truck", "pickup", "vehicle"]),
                t!("SUV", &["suv", "car", "vehicle"]),
                t!("minivan", &["minivan", "vehicle"]),
            ],
            ObjectKind::Bicycle => &[
                t!("road bike", &["road bike", "bike", "bicycle"]),
                t!("mountain bike", &["mountain bike", "bike", "bicycle"]),
                t!(
                    "city bike with basket",
                    &[
                        "city bike",
                        "hybrid bike",
                        "cruiser bike",
                        "bike",
                        "bicycle"
                    ],
                ),
                t!("folding bike", &["folding bike"]),
                t!("e-bike", &["electric bike", "e-bike"]),
                t!(
                    "kids' bike with training wheels",
                    &["kids' bike", "training wheel bike"],
                ),
                t!("BMX bike", &["bmx bike"]),
                t!("tandem bike", &["tandem bike"]),
                t!("balance bike", &["balance bike", "balance motorbike"]),
                t!("tricycle", &["tricycle"]),
            ],
            ObjectKind::Motorcycle => &[
                t!(
                    "sport bike",
                    &["sport bike", "electric motorcycle", "motorcycle"],
                ),
                t!("cruiser", &["cruiser", "motorcycle"]),
                t!("scooter", &["scooter", "moped"]),
                t!(
                    "dirt bike",
                    &["dirt bike", "pit bike", "mini bike", "trail bike"],
                ),
                t!("touring motorcycle", &["touring motorcycle"]),
            ],
            ObjectKind::Kayak => &[
                t!(
                    "sit-in kayak",
                    &[
                        "kayak",
                        "sit-in kayak",
                        "touring kayak",
                        "recreational kayak",
                        "whitewater kayak",
                        "sea kayak",
                        "kids' kayak",
                    ],
                ),
                t!(
                    "sit-on-top kayak",
                    &[
                        "kayak",
                        "sit-on-top kayak",
                        "recreational kayak",
                        "kids' kayak",
                    ],
                ),
                t!("tandem kayak", &["tandem kayak"]),
                t!("canoe", &["canoe"]),
                t!("paddle board", &["paddle board"]),
                t!("inflatable kayak", &["inflatable kayak"]),
                t!("fishing kayak", &["fishing kayak"]),
                t!("pedal kayak", &["pedal kayak"]),
            ],
            ObjectKind::Phone => &[
                t!("phone with one camera", &["phone", "smartphone", "case"]),
                t!("phone with triple camera", &["phone", "smartphone", "case"]),
                t!("phone with camera bar", &["phone", "smartphone", "case"]),
                t!("flip phone", &["flip phone", "senior phone"]),
                t!("phone in a wallet case", &["wallet case"]),
            ],
            ObjectKind::Laptop => &[
                t!("open laptop", &["laptop", "notebook computer"]),
                t!("laptop seen from behind", &["laptop", "notebook computer"]),
                t!("closed laptop", &["laptop", "notebook computer"]),
            ],
            ObjectKind::Television => &[
                t!("flat-screen TV", &["television", "tv"]),
                t!("retro TV", &["television", "tv"]),
                t!("TV on legs", &["television", "tv"]),
                t!(
                    "display on a rolling stand",
                    &[
                        "interactive display",
                        "whiteboard display",
                        "conference room display",
                    ],
                ),
                t!("portrait display", &["digital signage"]),
                t!("TV with a camera bar", &["video conferencing display"]),
            ],
            ObjectKind::Sofa => &[
                t!(
                    "three-seat sofa",
                    &["sofa", "sleeper sofa", "patio sofa", "outdoor sofa"],
                ),
                t!("modern loveseat", &["loveseat"]),
                t!("tufted sofa", &["sofa"]),
                t!("sectional sofa", &["sectional"]),
                t!(
                    "chaise lounge",
                    &["chaise lounge", "outdoor chaise", "chaise"]
                ),
                t!("futon", &["futon"]),
                t!("daybed", &["daybed"]),
                t!("garden bench", &["garden bench"]),
                t!("porch swing", &["porch swing"]),
                t!("bean bag", &["bean bag"]),
            ],
            ObjectKind::Chair => &[
                t!(
                    "office chair",
                    &[
                        "chair",
                        "office chair",
                        "task chair",
                        "executive chair",
                        "drafting chair",
                        "conference chair",
                        "studio chair",
                    ],
                ),
                t!(
                    "dining chair",
                    &[
                        "chair",
                        "dining chair",
                        "patio chair",
                        "guest chair",
                        "stacking chair",
                        "conference chair",
                        "antique chair",
                    ],
                ),
                t!(
                    "armchair",
                    &["chair", "armchair", "accent chair", "antique chair"],
                ),
                t!(
                    "rocking chair",
                    &[
                        "rocking chair",
                        "rocker",
                        "rocking garden chair",
                        "antique chair",
                    ],
                ),
                t!("bar stool", &["bar stool", "guitar stool", "stool"]),
                t!(
                    "folding chair",
                    &["folding chair", "sling chair", "patio chair"],
                ),
                t!("adirondack chair", &["adirondack chair", "patio chair"]),
                t!("round stool", &["drum throne", "kids' stool"]),
                t!("padded bench", &["piano bench"]),
                t!("gaming chair", &["gaming chair"]),
                t!("egg chair", &["egg chair"]),
                t!("camping chair", &["camping chair"]),
                t!("lounge chair", &["zero gravity chair", "lounge chair"]),
                t!("kneeling chair", &["kneeling chair"]),
                t!("hammock chair", &["hammock chair"]),
            ],
            ObjectKind::Table => &[
                t!(
                    "dining table",
                    &[
                        "table",
                        "dining table",
                        "conference table",
                        "patio table",
                        "antique table",
                    ],
                ),
                t!(
                    "round pedestal table",
                    &[
                        "table",
                        "dining table",
                        "bistro table",
                        "pedestal table",
                        "patio table",
                        "antique table",
                    ],
                ),
                t!("coffee table", &["table", "coffee table"]),
                t!("side table", &["end table", "side table", "antique table"]),
                t!("console table", &["console table"]),
                t!(
                    "desk",
                    &[
                        "desk",
                        "writing desk",
                        "computer desk",
                        "corner desk",
                        "studio desk",
                        "kids' desk",
                    ],
                ),
                t!("standing desk", &["standing desk"]),
                t!("nightstand", &["nightstand"]),
                t!("picnic table", &["picnic table"]),
                t!("bar table", &["bar table"]),
                t!("folding table", &["folding table"]),
                t!(
                    "kids' play table",
                    &[
                        "activity table",
                        "train table",
                        "craft table",
                        "lego table",
                        "sand table",
                    ],
                ),
                t!("printer stand", &["printer stand"]),
            ],
            ObjectKind::Jacket => &[
                t!("zip hoodie", &["hoodie", "jacket"]),
                t!("blazer", &["blazer"]),
                t!(
                    "puffer jacket",
                    &["puffer jacket", "ski jacket", "heated jacket", "jacket"],
                ),
                t!(
                    "zip jacket",
                    &[
                        "jacket",
                        "track jacket",
                        "softshell jacket",
                        "running jacket",
                        "fleece",
                        "windbreaker",
                        "mesh jacket",
                        "riding jacket",
                    ],
                ),
                t!(
                    "hooded rain jacket",
                    &[
                        "rain shell",
                        "raincoat",
                        "rain jacket",
                        "windbreaker",
                        "rain suit"
                    ],
                ),
                t!("long coat", &["coat"]),
                t!("sweater", &["sweater"]),
                t!("vest", &["vest"]),
                t!("one-piece suit", &["snow suit", "racing suit"]),
                t!(
                    "moto jacket",
                    &["leather jacket", "moto jacket", "riding jacket"],
                ),
            ],
            ObjectKind::Shoes => &[
                t!(
                    "sneakers",
                    &[
                        "sneaker",
                        "shoe",
                        "shoes",
                        "running shoe",
                        "trail shoe",
                        "tennis shoe",
                        "riding shoe",
                    ],
                ),
                t!(
                    "boots",
                    &[
                        "boot",
                        "shoes",
                        "hiking boot",
                        "touring boot",
                        "racing boot",
                        "off-road boot",
                        "waterproof boot",
                        "short boot",
                    ],
                ),
                t!("high heels", &["high heel", "pump"]),
                t!("sandals", &["sandal"]),
                t!("loafers", &["loafer"]),
                t!("oxfords", &["oxford"]),
                t!("ballet flats", &["flat", "ballet flat"]),
                t!("slippers", &["slipper"]),
                t!("cleats", &["cleat"]),
                t!(
                    "high-top sneakers",
                    &["basketball shoe", "high-top sneaker", "sneaker"],
                ),
            ],
            ObjectKind::Guitar => &[
                t!(
                    "acoustic guitar",
                    &[
                        "guitar",
                        "acoustic guitar",
                        "classical guitar",
                        "travel guitar",
                        "12-string guitar",
                        "mini guitar",
                        "toy guitar",
                    ],
                ),
                t!(
                    "electric guitar",
                    &["guitar", "electric guitar", "toy electric guitar"],
                ),
                t!("single-cut electric guitar", &["guitar", "electric guitar"]),
                t!("bass guitar", &["bass guitar"]),
                t!("ukulele", &["ukulele"]),
                t!("mandolin", &["mandolin"]),
                t!("banjo", &["banjo"]),
            ],
            ObjectKind::Lamp => &[
                t!(
                    "desk lamp",
                    &[
                        "lamp",
                        "desk lamp",
                        "reading lamp",
                        "clamp lamp",
                        "architect lamp",
                        "swing arm lamp",
                    ],
                ),
                t!("floor lamp", &["lamp", "floor lamp", "reading lamp"]),
                t!(
                    "table lamp",
                    &["lamp", "table lamp", "touch lamp", "antique lamp"],
                ),
                t!("light bulb", &["bulb", "smart bulb", "light bulb"]),
                t!("LED strip reel", &["led strip"]),
                t!(
                    "ring light",
                    &["ring light", "selfie light", "tripod light"]
                ),
                t!("clip-on ring light", &["clip light"]),
                t!("night light", &["night light"]),
                t!("pendant light", &["pendant light"]),
                t!("wall sconce", &["wall sconce", "sconce"]),
                t!("lamp shade", &["lamp shade"]),
                t!("banker's lamp", &["banker lamp", "antique lamp"]),
                t!("magnifier lamp", &["magnifier lamp"]),
            ],
            ObjectKind::Headphones => &[
                t!(
                    "over-ear headphones",
                    &[
                        "headphone",
                        "over-ear headphone",
                        "wireless headphone",
                        "noise cancelling headphone",
                        "studio headphone",
                    ],
                ),
                t!("headset with microphone", &["headset", "gaming headset"]),
                t!(
                    "on-ear headphones",
                    &["headphone", "on-ear headphone", "wireless headphone"],
                ),
            ],
            ObjectKind::Camera => &[
                t!(
                    "DSLR camera",
                    &["camera", "dslr camera", "mirrorless camera", "film camera"],
                ),
                t!(
                    "compact camera",
                    &["camera", "point & shoot camera", "film camera"],
                ),
                t!("instant camera", &["instant camera"]),
                t!("action camera", &["action camera"]),
            ],
            ObjectKind::Shirt => &[
                t!("t-shirt", &["t-shirt", "tee", "shirt"]),
                t!("long-sleeve shirt", &["long-sleeve shirt", "shirt"]),
                t!("polo shirt", &["polo shirt"]),
                t!("henley shirt", &["henley shirt"]),
                t!("graphic tee", &["graphic tee"]),
                t!("rugby shirt", &["rugby shirt"]),
            ],
            ObjectKind::Package => &[
                t!(
                    "cereal box",
                    &[
                        "cereal",
                        "granola",
                        "oatmeal",
                        "pancake mix",
                        "breakfast bar",
                        "muesli",
                        "cracker",
                        "cookie",
                        "popcorn",
                    ],
                ),
                t!(
                    "drink can",
                    &[
                        "soda",
                        "sparkling water",
                        "energy drink",
                        "cold brew coffee",
                        "iced tea",
                    ],
                ),
                t!(
                    "bottle",
                    &[
                        "juice",
                        "iced tea",
                        "sparkling water",
                        "cold brew coffee",
                        "olive oil",
                        "syrup",
                        "hot sauce",
                        "salad dressing",
                    ],
                ),
                t!(
                    "snack bag",
                    &["potato chip", "pretzel", "trail mix", "popcorn", "granola"],
                ),
                t!("jar", &["honey", "pasta sauce"]),
            ],
            ObjectKind::Kitchenware => &[
                t!("mug", &["mug", "coffee mug"]),
                t!("kettle", &["kettle", "tea kettle"]),
                t!("cooking pot", &["pot", "stock pot", "dutch oven"]),
                t!("travel mug", &["travel mug"]),
                t!("saucepan", &["saucepan"]),
            ],
            ObjectKind::Cosmetic => &[
                t!(
                    "pump bottle",
                    &[
                        "body lotion",
                        "moisturizer",
                        "hand cream",
                        "sunscreen",
                        "shampoo",
                        "conditioner",
                        "body wash",
                        "shower gel",
                        "liquid soap",
                        "bubble bath",
                    ],
                ),
                t!(
                    "cream jar",
                    &[
                        "face cream",
                        "moisturizer",
                        "hair mask",
                        "body scrub",
                        "styling gel",
                    ],
                ),
                t!(
                    "tube",
                    &["hand cream", "sunscreen", "styling gel", "face cream"],
                ),
                t!("spray can", &["dry shampoo"]),
                t!("dropper bottle", &["serum", "hair oil", "bath oil"]),
            ],
            ObjectKind::Toy => &[
                t!("teddy bear", &["teddy bear", "stuffed animal", "plush toy"]),
                t!("stacking blocks", &["building block"]),
                t!("toy robot", &["toy robot"]),
                t!("ring stacker", &["stacking toy"]),
            ],
            ObjectKind::Tool => &[
                t!("hammer", &["hammer", "claw hammer"]),
                t!(
                    "power drill",
                    &[
                        "drill",
                        "cordless drill",
                        "hammer drill",
                        "impact driver",
                        "drill kit",
                        "electric screwdriver",
                    ],
                ),
                t!("screwdriver", &["screwdriver", "precision screwdriver"]),
                t!("mallet", &["mallet"]),
                t!("sledgehammer", &["sledgehammer"]),
                t!("toolbox", &["tool kit", "toolbox"]),
                t!("rotary tool", &["rotary tool"]),
            ],
            ObjectKind::Book => &[
                t!("hardcover book", BOOKS),
                t!("paperback book", BOOKS),
                t!("book with banded cover", BOOKS),
            ],
            ObjectKind::SportsGear => &[
                t!("basketball", &["basketball"]),
                t!("tennis racket", &["tennis racket", "racket"]),
                t!("dumbbell", &["dumbbell"]),
                t!("soccer ball", &["soccer ball"]),
                t!("volleyball", &["volleyball"]),
                t!("barbell", &["barbell", "weight set"]),
            ],
            ObjectKind::Keyboard => &[
                t!("full-size keyboard", &["keyboard", "full-size keyboard"]),
                t!(
                    "compact keyboard",
                    &["keyboard", "compact keyboard", "mechanical keyboard"],
                ),
                t!("ergonomic keyboard", &["keyboard", "ergonomic keyboard"]),
            ],
            ObjectKind::Mouse => &[
                t!("computer mouse", &["mouse", "computer mouse"]),
                t!("gaming mouse", &["mouse", "computer mouse", "gaming mouse"]),
                t!(
                    "vertical mouse",
                    &["mouse", "computer mouse", "vertical mouse"]
                ),
            ],
            ObjectKind::Monitor => &[
                t!("monitor", &["monitor", "computer monitor"]),
                t!("curved monitor", &["monitor", "curved monitor"]),
                t!("monitor on an arm", &["monitor", "computer monitor"]),
            ],
            ObjectKind::Speaker => &[
                t!("bookshelf speaker", &["speaker", "bookshelf speaker"]),
                t!("tower speaker", &["speaker", "tower speaker"]),
                t!("soundbar", &["soundbar"]),
                t!("subwoofer", &["subwoofer"]),
                t!(
                    "portable speaker",
                    &["portable speaker", "bluetooth speaker", "speaker"],
                ),
                t!("PA speaker", &["pa speaker"]),
                t!("stage monitor", &["stage monitor"]),
            ],
            ObjectKind::Amplifier => &[
                t!(
                    "combo amplifier",
                    &["amplifier", "amp", "guitar amplifier", "keyboard amplifier",],
                ),
                t!("bass amplifier", &["bass amplifier"]),
                t!("headphone amplifier", &["headphone amplifier"]),
                t!("AV receiver", &["receiver", "av receiver"]),
            ],
            ObjectKind::MediaPlayer => &[
                t!("Blu-ray player", &["blu-ray player"]),
                t!(
                    "streaming box",
                    &["streaming media player", "streaming box"]
                ),
                t!("turntable", &["turntable", "record player"]),
                t!("projector", &["projector", "mini projector"]),
                t!("indoor antenna", &["antenna"]),
            ],
            ObjectKind::Watch => &[
                t!(
                    "smartwatch",
                    &["smartwatch", "watch", "kids' watch", "watch band"]
                ),
                t!("analog watch", &["watch", "kids' watch"]),
                t!("fitness band", &["fitness tracker"]),
                t!(
                    "sports watch",
                    &["gps watch", "digital watch", "sports watch"],
                ),
            ],
            ObjectKind::Tablet => &[
                t!("tablet", &["tablet", "android tablet"]),
                t!("tablet with keyboard", &["tablet keyboard"]),
                t!("tablet in a folio case", &["tablet case"]),
                t!("kids' tablet", &["kids' tablet"]),
                t!("e-reader", &["e-reader"]),
                t!("drawing tablet", &["drawing tablet"]),
            ],
            ObjectKind::Gadget => &[
                t!("USB hub", &["usb hub"]),
                t!("docking station", &["docking station"]),
                t!("webcam", &["webcam"]),
                t!("calculator", &["calculator"]),
                t!("paper shredder", &["shredder", "paper shredder"]),
                t!("label maker", &["label maker"]),
                t!("wall charger", &["charger", "wall charger"]),
                t!("power bank", &["power bank"]),
                t!("wireless charger", &["wireless charger"]),
            ],
            ObjectKind::Bag => &[
                t!("laptop bag", &["laptop bag", "bag"]),
                t!("backpack", &["backpack"]),
                t!("messenger bag", &["messenger bag"]),
            ],
            ObjectKind::Light => &[
                t!(
                    "flashlight",
                    &[
                        "flashlight",
                        "pocket light",
                        "inspection lamp",
                        "magnetic light",
                    ],
                ),
                t!("lantern", &["lantern"]),
                t!("headlamp", &["headlamp"]),
                t!("string lights", &["string light"]),
                t!("path light", &["path light", "solar light"]),
                t!("post light", &["post light"]),
                t!("flood light", &["flood light", "hood light"]),
                t!("work light", &["work light"]),
                t!("shop light", &["shop light"]),
                t!("LED video light", &["video light"]),
                t!("par can", &["par can"]),
                t!("moving head", &["moving head"]),
                t!("spotlight", &["spotlight", "follow spot"]),
                t!("LED bar", &["stage strip", "led bar"]),
                t!("fog machine", &["fog machine"]),
                t!("lighting stand", &["light stand"]),
            ],
            ObjectKind::Stand => &[
                t!("music stand", &["music stand"]),
                t!("keyboard stand", &["keyboard stand"]),
                t!("microphone stand", &["microphone stand", "mic stand"]),
            ],
            ObjectKind::ToyVehicle => &[
                t!("toy car", &["toy car", "pull-back car"]),
                t!("toy truck", &["toy truck"]),
                t!("RC car", &["rc car", "remote control truck"]),
                t!("ride-on car", &["ride-on car"]),
                t!(
                    "die-cast car on a stand",
                    &["die-cast car", "collector car", "model kit"],
                ),
                t!("car carrier", &["car carrier"]),
                t!("race car", &["race car", "slot car", "race car set"]),
            ],
        }
    }

    /// Whether the spec's text is printed on the object itself (a label, a cover) rather
    /// than on a sign above it.
    pub fn prints_on_itself(self) -> bool {
        matches!(
            self,
            ObjectKind::Package | ObjectKind::Cosmetic | ObjectKind::Book
        )
    }

    /// The name of the template a spec's `template` number selects.
    pub fn template_name(self, template: u8) -> &'static str {
        let templates = self.templates();
        templates[usize::from(template) % templates.len()].name
    }

    /// How many visual templates this kind has.
    pub fn template_count(self) -> u8 {
        u8::try_from(self.templates().len()).unwrap_or(u8::MAX)
    }

    /// The template called `name` (as [`ObjectKind::template_name`] gives it), if this kind
    /// has one.
    pub fn template_named(self, name: &str) -> Option<u8> {
        let index = self
            .templates()
            .iter()
            .position(|known| known.name == name)?;
        u8::try_from(index).ok()
    }
}

/// Every kind of book the covers show.
const BOOKS: &[&str] = &[
    "book",
    "novel",
    "thriller",
    "cookbook",
    "biography",
    "travel guide",
    "early reader",
];

/// The local frame's width and height for a kind's template (already taken modulo the
/// kind's template count).
pub(crate) fn size(kind: ObjectKind, template: u8) -> (f32, f32) {
    let t = template % kind.template_count();
    match kind {
        ObjectKind::Car => car::SIZE,
        ObjectKind::Bicycle => bicycle::size(t),
        ObjectKind::Motorcycle => motorcycle::SIZE,
        ObjectKind::Kayak => kayak::SIZE,
        ObjectKind::Phone => phone::SIZE,
        ObjectKind::Laptop => laptop::SIZE,
        ObjectKind::Television => television::SIZE,
        ObjectKind::Sofa => sofa::size(t),
        ObjectKind::Chair => chair::size(t),
        ObjectKind::Table => table::size(t),
        ObjectKind::Jacket => jacket::SIZE,
        ObjectKind::Shoes => shoes::SIZE,
        ObjectKind::Guitar => guitar::size(t),
        ObjectKind::Lamp => lamp::size(t),
        ObjectKind::Headphones => headphones::SIZE,
        ObjectKind::Camera => camera::SIZE,
        ObjectKind::Shirt => shirt::SIZE,
        ObjectKind::Package => package::SIZE,
        ObjectKind::Kitchenware => kitchenware::SIZE,
        ObjectKind::Cosmetic => cosmetic::SIZE,
        ObjectKind::Toy => toy::SIZE,
        ObjectKind::Tool => tool::size(t),
        ObjectKind::Book => book::SIZE,
        ObjectKind::SportsGear => sports_gear::size(t),
        ObjectKind::Keyboard => keyboard::size(t),
        ObjectKind::Mouse => mouse::SIZE,
        ObjectKind::Monitor => monitor::SIZE,
        ObjectKind::Speaker => speaker::size(t),
        ObjectKind::Amplifier => amplifier::size(t),
        ObjectKind::MediaPlayer => media_player::size(t),
        ObjectKind::Watch => watch::SIZE,
        ObjectKind::Tablet => tablet::size(t),
        ObjectKind::Gadget => gadget::size(t),
        ObjectKind::Bag => bag::SIZE,
        ObjectKind::Light => light::size(t),
        ObjectKind::Stand => stand::SIZE,
        ObjectKind::ToyVehicle => toy_vehicle::size(t),
    }
}

/// Draws one object of `kind` in the given template; kinds that print on themselves print
/// `text` on their label or cover.
pub(crate) fn draw(
    kind: ObjectKind,
    template: u8,
    text: Option<&str>,
    p: &mut Painter<'_>,
) -> Result<(), ImageryError> {
    let t = template % kind.template_count();
    match kind {
        ObjectKind::Package => return package::draw(p, t, text),
        ObjectKind::Cosmetic => return cosmetic::draw(p, t, text),
        ObjectKind::Book => return book::draw(p, t, text),
        ObjectKind::Car => car::draw(p, t),
        ObjectKind::Bicycle => bicycle::draw(p, t),
        ObjectKind::Motorcycle => motorcycle::draw(p, t),
        ObjectKind::Kayak => kayak::draw(p, t),
        ObjectKind::Phone => phone::draw(p, t),
        ObjectKind::Laptop => laptop::draw(p, t),
        ObjectKind::Television => television::draw(p, t),
        ObjectKind::Sofa => sofa::draw(p, t),
        ObjectKind::Chair => chair::draw(p, t),
        ObjectKind::Table => table::draw(p, t),
        ObjectKind::Jacket => jacket::draw(p, t),
        ObjectKind::Shoes => shoes::draw(p, t),
        ObjectKind::Guitar => guitar::draw(p, t),
        ObjectKind::Lamp => lamp::draw(p, t),
        ObjectKind::Headphones => headphones::draw(p, t),
        ObjectKind::Camera => camera::draw(p, t),
        ObjectKind::Shirt => shirt::draw(p, t),
        ObjectKind::Kitchenware => kitchenware::draw(p, t),
        ObjectKind::Toy => toy::draw(p, t),
        ObjectKind::Tool => tool::draw(p, t),
        ObjectKind::SportsGear => sports_gear::draw(p, t),
        ObjectKind::Keyboard => keyboard::draw(p, t),
        ObjectKind::Mouse => mouse::draw(p, t),
        ObjectKind::Monitor => monitor::draw(p, t),
        ObjectKind::Speaker => speaker::draw(p, t),
        ObjectKind::Amplifier => amplifier::draw(p, t),
        ObjectKind::MediaPlayer => media_player::draw(p, t),
        ObjectKind::Watch => watch::draw(p, t),
        ObjectKind::Tablet => tablet::draw(p, t),
        ObjectKind::Gadget => gadget::draw(p, t),
        ObjectKind::Bag => bag::draw(p, t),
        ObjectKind::Light => light::draw(p, t),
        ObjectKind::Stand => stand::draw(p, t),
        ObjectKind::ToyVehicle => toy_vehicle::draw(p, t),
    }
    Ok(())
}
