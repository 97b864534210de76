//! The named models every kind of object comes in, and the things each honestly shows.
//!
//! One table ([`models!`] below) lists, per kind, every model a picture can show: its
//! type (`CarModel::PickupTruck`), the name a person would give it ("pickup truck") and the
//! lower-case singular nouns of the things it shows ("pickup", "vehicle"). A spec names its
//! model as `{"car": "pickup_truck"}`; [`crate::drawing_for`] reads the table to find the
//! models a product's, listing's or post's noun calls for.

use serde::{Deserialize, Serialize};

use crate::spec::ObjectKind;

/// Declares each kind's model enum, [`Model`] over all of them and [`ObjectKind::models`].
macro_rules! models {
    ($(
        $(#[doc = $kind_doc:literal])*
        $kind:ident($model:ident) {
            $($variant:ident $name:literal: $shows:expr),+ $(,)?
        }
    )+) => {
        $(
            $(#[doc = $kind_doc])*
            #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
            #[serde(rename_all = "snake_case")]
            pub enum $model {
                $(
                    #[doc = $name]
                    $variant,
                )+
            }

            impl $model {
                /// Every model of the kind, in the table's order.
                pub const ALL: &'static [$model] = &[$($model::$variant),+];

                /// What a person would call it ("pickup truck").
                pub fn name(self) -> &'static str {
                    match self {
                        $($model::$variant => $name,)+
                    }
                }

                /// Lower-case singular nouns of the things it shows: a thing is shown when
                /// its noun is one of these or ends with one as whole words.
                pub fn shows(self) -> &'static [&'static str] {
                    match self {
                        $($model::$variant => $shows,)+
                    }
                }
            }

            impl From<$model> for Model {
                fn from(model: $model) -> Model {
                    Model::$kind(model)
                }
            }
        )+

        /// One named model of one kind: what a picture of an object shows it as. Stored by
        /// kind and model (`{"car": "pickup_truck"}`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        #[non_exhaustive]
        pub enum Model {
            $(
                #[doc = concat!("A model of the `", stringify!($kind), "` kind.")]
                $kind($model),
            )+
        }

        impl Model {
            /// The kind of object it is a model of.
            pub fn kind(self) -> ObjectKind {
                match self {
                    $(Model::$kind(_) => ObjectKind::$kind,)+
                }
            }

            /// What a person would call it ("pickup truck").
            pub fn name(self) -> &'static str {
                match self {
                    $(Model::$kind(model) => model.name(),)+
                }
            }

            /// Lower-case singular nouns of the things it shows.
            pub fn shows(self) -> &'static [&'static str] {
                match self {
                    $(Model::$kind(model) => model.shows(),)+
                }
            }
        }

        impl ObjectKind {
            /// The kind's models, in the table's order (never empty).
            pub fn models(self) -> &'static [Model] {
                match self {
                    $(ObjectKind::$kind => &[$(Model::$kind($model::$variant)),+],)+
                }
            }
        }
    };
}

models! {
    /// The models of a car.
    Car(CarModel) {
        Sedan "sedan": &["sedan", "car", "vehicle"],
        Hatchback "hatchback": &["hatchback", "car", "vehicle"],
        PickupTruck "pickup truck": &["pickup truck", "pickup", "vehicle"],
        Suv "SUV": &["suv", "car", "vehicle"],
        Minivan "minivan": &["minivan", "vehicle"],
    }
    /// The models of a bicycle.
    Bicycle(BicycleModel) {
        RoadBike "road bike": &["road bike", "bike", "bicycle"],
        MountainBike "mountain bike": &["mountain bike", "bike", "bicycle"],
        CityBikeWithBasket "city bike with basket": &[
            "city bike",
            "hybrid bike",
            "cruiser bike",
            "bike",
            "bicycle",
        ],
        FoldingBike "folding bike": &["folding bike"],
        EBike "e-bike": &["electric bike", "e-bike"],
        KidsBikeWithTrainingWheels "kids' bike with training wheels": &[
            "kids' bike",
            "training wheel bike",
        ],
        BmxBike "BMX bike": &["bmx bike"],
        TandemBike "tandem bike": &["tandem bike"],
        BalanceBike "balance bike": &["balance bike", "balance motorbike"],
        Tricycle "tricycle": &["tricycle"],
    }
    /// The models of a motorcycle.
    Motorcycle(MotorcycleModel) {
        SportBike "sport bike": &["sport bike", "electric motorcycle", "motorcycle"],
        Cruiser "cruiser": &["cruiser", "motorcycle"],
        Scooter "scooter": &["scooter", "moped"],
        DirtBike "dirt bike": &["dirt bike", "pit bike", "mini bike", "trail bike"],
        TouringMotorcycle "touring motorcycle": &["touring motorcycle"],
    }
    /// The models of a kayak (and other paddle craft).
    Kayak(KayakModel) {
        SitInKayak "sit-in kayak": &[
            "kayak",
            "sit-in kayak",
            "touring kayak",
            "recreational kayak",
            "whitewater kayak",
            "sea kayak",
            "kids' kayak",
        ],
        SitOnTopKayak "sit-on-top kayak": &[
            "kayak",
            "sit-on-top kayak",
            "recreational kayak",
            "kids' kayak",
        ],
        TandemKayak "tandem kayak": &["tandem kayak"],
        Canoe "canoe": &["canoe"],
        PaddleBoard "paddle board": &["paddle board"],
        InflatableKayak "inflatable kayak": &["inflatable kayak"],
        FishingKayak "fishing kayak": &["fishing kayak"],
        PedalKayak "pedal kayak": &["pedal kayak"],
    }
    /// The models of a phone.
    Phone(PhoneModel) {
        PhoneWithOneCamera "phone with one camera": &["phone", "smartphone", "case"],
        PhoneWithTripleCamera "phone with triple camera": &["phone", "smartphone", "case"],
        PhoneWithCameraBar "phone with camera bar": &["phone", "smartphone", "case"],
        FlipPhone "flip phone": &["flip phone", "senior phone"],
        PhoneInAWalletCase "phone in a wallet case": &["wallet case"],
    }
    /// The models of a laptop.
    Laptop(LaptopModel) {
        OpenLaptop "open laptop": &["laptop", "notebook computer"],
        LaptopSeenFromBehind "laptop seen from behind": &["laptop", "notebook computer"],
        ClosedLaptop "closed laptop": &["laptop", "notebook computer"],
    }
    /// The models of a television (and other displays).
    Television(TelevisionModel) {
        FlatScreenTv "flat-screen TV": &["television", "tv"],
        RetroTv "retro TV": &["television", "tv"],
        TvOnLegs "TV on legs": &["television", "tv"],
        DisplayOnARollingStand "display on a rolling stand": &[
            "interactive display",
            "whiteboard display",
            "conference room display",
        ],
        PortraitDisplay "portrait display": &["digital signage"],
        TvWithACameraBar "TV with a camera bar": &["video conferencing display"],
    }
    /// The models of a sofa (and other seating for several).
    Sofa(SofaModel) {
        ThreeSeatSofa "three-seat sofa": &["sofa", "sleeper sofa", "patio sofa", "outdoor sofa"],
        ModernLoveseat "modern loveseat": &["loveseat"],
        TuftedSofa "tufted sofa": &["sofa"],
        SectionalSofa "sectional sofa": &["sectional"],
        ChaiseLounge "chaise lounge": &["chaise lounge", "outdoor chaise", "chaise"],
        Futon "futon": &["futon"],
        Daybed "daybed": &["daybed"],
        GardenBench "garden bench": &["garden bench"],
        PorchSwing "porch swing": &["porch swing"],
        BeanBag "bean bag": &["bean bag"],
    }
    /// The models of a chair (and stools).
    Chair(ChairModel) {
        OfficeChair "office chair": &[
            "chair",
            "office chair",
            "task chair",
            "executive chair",
            "drafting chair",
            "conference chair",
            "studio chair",
        ],
        DiningChair "dining chair": &[
            "chair",
            "dining chair",
            "patio chair",
            "guest chair",
            "stacking chair",
            "conference chair",
            "antique chair",
        ],
        Armchair "armchair": &["chair", "armchair", "accent chair", "antique chair"],
        RockingChair "rocking chair": &[
            "rocking chair",
            "rocker",
            "rocking garden chair",
            "antique chair",
        ],
        BarStool "bar stool": &["bar stool", "guitar stool", "stool"],
        FoldingChair "folding chair": &["folding chair", "sling chair", "patio chair"],
        AdirondackChair "adirondack chair": &["adirondack chair", "patio chair"],
        RoundStool "round stool": &["drum throne", "kids' stool"],
        PaddedBench "padded bench": &["piano bench"],
        GamingChair "gaming chair": &["gaming chair"],
        EggChair "egg chair": &["egg chair"],
        CampingChair "camping chair": &["camping chair"],
        LoungeChair "lounge chair": &["zero gravity chair", "lounge chair"],
        KneelingChair "kneeling chair": &["kneeling chair"],
        HammockChair "hammock chair": &["hammock chair"],
    }
    /// The models of a table (and desks).
    Table(TableModel) {
        DiningTable "dining table": &[
            "table",
            "dining table",
            "conference table",
            "patio table",
            "antique table",
        ],
        RoundPedestalTable "round pedestal table": &[
            "table",
            "dining table",
            "bistro table",
            "pedestal table",
            "patio table",
            "antique table",
        ],
        CoffeeTable "coffee table": &["table", "coffee table"],
        SideTable "side table": &["end table", "side table", "antique table"],
        ConsoleTable "console table": &["console table"],
        Desk "desk": &[
            "desk",
            "writing desk",
            "computer desk",
            "corner desk",
            "studio desk",
            "kids' desk",
        ],
        StandingDesk "standing desk": &["standing desk"],
        Nightstand "nightstand": &["nightstand"],
        PicnicTable "picnic table": &["picnic table"],
        BarTable "bar table": &["bar table"],
        FoldingTable "folding table": &["folding table"],
        KidsPlayTable "kids' play table": &[
            "activity table",
            "train table",
            "craft table",
            "lego table",
            "sand table",
        ],
        PrinterStand "printer stand": &["printer stand"],
    }
    /// The models of a jacket (and other outerwear).
    Jacket(JacketModel) {
        ZipHoodie "zip hoodie": &["hoodie", "jacket"],
        Blazer "blazer": &["blazer"],
        PufferJacket "puffer jacket": &["puffer jacket", "ski jacket", "heated jacket", "jacket"],
        ZipJacket "zip jacket": &[
            "jacket",
            "track jacket",
            "softshell jacket",
            "running jacket",
            "fleece",
            "windbreaker",
            "mesh jacket",
            "riding jacket",
        ],
        HoodedRainJacket "hooded rain jacket": &[
            "rain shell",
            "raincoat",
            "rain jacket",
            "windbreaker",
            "rain suit",
        ],
        LongCoat "long coat": &["coat"],
        Sweater "sweater": &["sweater"],
        Vest "vest": &["vest"],
        OnePieceSuit "one-piece suit": &["snow suit", "racing suit"],
        MotoJacket "moto jacket": &["leather jacket", "moto jacket", "riding jacket"],
    }
    /// The models of a pair of shoes.
    Shoes(ShoesModel) {
        Sneakers "sneakers": &[
            "sneaker",
            "shoe",
            "shoes",
            "running shoe",
            "trail shoe",
            "tennis shoe",
            "riding shoe",
        ],
        Boots "boots": &[
            "boot",
            "shoes",
            "hiking boot",
            "touring boot",
            "racing boot",
            "off-road boot",
            "waterproof boot",
            "short boot",
        ],
        HighHeels "high heels": &["high heel", "pump"],
        Sandals "sandals": &["sandal"],
        Loafers "loafers": &["loafer"],
        Oxfords "oxfords": &["oxford"],
        BalletFlats "ballet flats": &["flat", "ballet flat"],
        Slippers "slippers": &["slipper"],
        Cleats "cleats": &["cleat"],
        HighTopSneakers "high-top sneakers": &["basketball shoe", "high-top sneaker", "sneaker"],
    }
    /// The models of a guitar (and other fretted instruments).
    Guitar(GuitarModel) {
        AcousticGuitar "acoustic guitar": &[
            "guitar",
            "acoustic guitar",
            "classical guitar",
            "travel guitar",
            "12-string guitar",
            "mini guitar",
            "toy guitar",
        ],
        ElectricGuitar "electric guitar": &["guitar", "electric guitar", "toy electric guitar"],
        SingleCutElectricGuitar "single-cut electric guitar": &["guitar", "electric guitar"],
        BassGuitar "bass guitar": &["bass guitar"],
        Ukulele "ukulele": &["ukulele"],
        Mandolin "mandolin": &["mandolin"],
        Banjo "banjo": &["banjo"],
    }
    /// The models of a lamp.
    Lamp(LampModel) {
        DeskLamp "desk lamp": &[
            "lamp",
            "desk lamp",
            "reading lamp",
            "clamp lamp",
            "architect lamp",
            "swing arm lamp",
        ],
        FloorLamp "floor lamp": &["lamp", "floor lamp", "reading lamp"],
        TableLamp "table lamp": &["lamp", "table lamp", "touch lamp", "antique lamp"],
        LightBulb "light bulb": &["bulb", "smart bulb", "light bulb"],
        LedStripReel "LED strip reel": &["led strip"],
        RingLight "ring light": &["ring light", "selfie light", "tripod light"],
        ClipOnRingLight "clip-on ring light": &["clip light"],
        NightLight "night light": &["night light"],
        PendantLight "pendant light": &["pendant light"],
        WallSconce "wall sconce": &["wall sconce", "sconce"],
        LampShade "lamp shade": &["lamp shade"],
        BankersLamp "banker's lamp": &["banker lamp", "antique lamp"],
        MagnifierLamp "magnifier lamp": &["magnifier lamp"],
    }
    /// The models of headphones.
    Headphones(HeadphonesModel) {
        OverEarHeadphones "over-ear headphones": &[
            "headphone",
            "over-ear headphone",
            "wireless headphone",
            "noise cancelling headphone",
            "studio headphone",
        ],
        HeadsetWithMicrophone "headset with microphone": &["headset", "gaming headset"],
        OnEarHeadphones "on-ear headphones": &[
            "headphone",
            "on-ear headphone",
            "wireless headphone",
        ],
    }
    /// The models of a camera.
    Camera(CameraModel) {
        DslrCamera "DSLR camera": &["camera", "dslr camera", "mirrorless camera", "film camera"],
        CompactCamera "compact camera": &["camera", "point & shoot camera", "film camera"],
        InstantCamera "instant camera": &["instant camera"],
        ActionCamera "action camera": &["action camera"],
    }
    /// The models of a shirt.
    Shirt(ShirtModel) {
        TShirt "t-shirt": &["t-shirt", "tee", "shirt"],
        LongSleeveShirt "long-sleeve shirt": &["long-sleeve shirt", "shirt"],
        PoloShirt "polo shirt": &["polo shirt"],
        HenleyShirt "henley shirt": &["henley shirt"],
        GraphicTee "graphic tee": &["graphic tee"],
        RugbyShirt "rugby shirt": &["rugby shirt"],
    }
    /// The models of packaged food or drink.
    Package(PackageModel) {
        CerealBox "cereal box": &[
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
        DrinkCan "drink can": &[
            "soda",
            "sparkling water",
            "energy drink",
            "cold brew coffee",
            "iced tea",
        ],
        Bottle "bottle": &[
            "juice",
            "iced tea",
            "sparkling water",
            "cold brew coffee",
            "olive oil",
            "syrup",
            "hot sauce",
            "salad dressing",
        ],
        SnackBag "snack bag": &["potato chip", "pretzel", "trail mix", "popcorn", "granola"],
        Jar "jar": &["honey", "pasta sauce"],
    }
    /// The models of kitchenware.
    Kitchenware(KitchenwareModel) {
        Mug "mug": &["mug", "coffee mug"],
        Kettle "kettle": &["kettle", "tea kettle"],
        CookingPot "cooking pot": &["pot", "stock pot", "dutch oven"],
        TravelMug "travel mug": &["travel mug"],
        Saucepan "saucepan": &["saucepan"],
    }
    /// The models of a beauty product.
    Cosmetic(CosmeticModel) {
        PumpBottle "pump bottle": &[
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
        CreamJar "cream jar": &[
            "face cream",
            "moisturizer",
            "hair mask",
            "body scrub",
            "styling gel",
        ],
        Tube "tube": &["hand cream", "sunscreen", "styling gel", "face cream"],
        SprayCan "spray can": &["dry shampoo"],
        DropperBottle "dropper bottle": &["serum", "hair oil", "bath oil"],
    }
    /// The models of a toy.
    Toy(ToyModel) {
        TeddyBear "teddy bear": &["teddy bear", "stuffed animal", "plush toy"],
        StackingBlocks "stacking blocks": &["building block"],
        ToyRobot "toy robot": &["toy robot"],
        RingStacker "ring stacker": &["stacking toy"],
    }
    /// The models of a tool.
    Tool(ToolModel) {
        Hammer "hammer": &["hammer", "claw hammer"],
        PowerDrill "power drill": &[
            "drill",
            "cordless drill",
            "hammer drill",
            "impact driver",
            "drill kit",
            "electric screwdriver",
        ],
        Screwdriver "screwdriver": &["screwdriver", "precision screwdriver"],
        Mallet "mallet": &["mallet"],
        Sledgehammer "sledgehammer": &["sledgehammer"],
        Toolbox "toolbox": &["tool kit", "toolbox"],
        RotaryTool "rotary tool": &["rotary tool"],
    }
    /// The models of a book.
    Book(BookModel) {
        HardcoverBook "hardcover book": BOOKS,
        PaperbackBook "paperback book": BOOKS,
        BookWithBandedCover "book with banded cover": BOOKS,
    }
    /// The models of sports gear.
    SportsGear(SportsGearModel) {
        Basketball "basketball": &["basketball"],
        TennisRacket "tennis racket": &["tennis racket", "racket"],
        Dumbbell "dumbbell": &["dumbbell"],
        SoccerBall "soccer ball": &["soccer ball"],
        Volleyball "volleyball": &["volleyball"],
        Barbell "barbell": &["barbell", "weight set"],
    }
    /// The models of a keyboard.
    Keyboard(KeyboardModel) {
        FullSizeKeyboard "full-size keyboard": &["keyboard", "full-size keyboard"],
        CompactKeyboard "compact keyboard": &[
            "keyboard",
            "compact keyboard",
            "mechanical keyboard",
        ],
        ErgonomicKeyboard "ergonomic keyboard": &["keyboard", "ergonomic keyboard"],
    }
    /// The models of a mouse.
    Mouse(MouseModel) {
        ComputerMouse "computer mouse": &["mouse", "computer mouse"],
        GamingMouse "gaming mouse": &["mouse", "computer mouse", "gaming mouse"],
        VerticalMouse "vertical mouse": &["mouse", "computer mouse", "vertical mouse"],
    }
    /// The models of a monitor.
    Monitor(MonitorModel) {
        Monitor "monitor": &["monitor", "computer monitor"],
        CurvedMonitor "curved monitor": &["monitor", "curved monitor"],
        MonitorOnAnArm "monitor on an arm": &["monitor", "computer monitor"],
    }
    /// The models of a loudspeaker.
    Speaker(SpeakerModel) {
        BookshelfSpeaker "bookshelf speaker": &["speaker", "bookshelf speaker"],
        TowerSpeaker "tower speaker": &["speaker", "tower speaker"],
        Soundbar "soundbar": &["soundbar"],
        Subwoofer "subwoofer": &["subwoofer"],
        PortableSpeaker "portable speaker": &["portable speaker", "bluetooth speaker", "speaker"],
        PaSpeaker "PA speaker": &["pa speaker"],
        StageMonitor "stage monitor": &["stage monitor"],
    }
    /// The models of an amplifier.
    Amplifier(AmplifierModel) {
        ComboAmplifier "combo amplifier": &[
            "amplifier",
            "amp",
            "guitar amplifier",
            "keyboard amplifier",
        ],
        BassAmplifier "bass amplifier": &["bass amplifier"],
        HeadphoneAmplifier "headphone amplifier": &["headphone amplifier"],
        AvReceiver "AV receiver": &["receiver", "av receiver"],
    }
    /// The models of a media player.
    MediaPlayer(MediaPlayerModel) {
        BluRayPlayer "Blu-ray player": &["blu-ray player"],
        StreamingBox "streaming box": &["streaming media player", "streaming box"],
        Turntable "turntable": &["turntable", "record player"],
        Projector "projector": &["projector", "mini projector"],
        IndoorAntenna "indoor antenna": &["antenna"],
    }
    /// The models of a watch.
    Watch(WatchModel) {
        Smartwatch "smartwatch": &["smartwatch", "watch", "kids' watch", "watch band"],
        AnalogWatch "analog watch": &["watch", "kids' watch"],
        FitnessBand "fitness band": &["fitness tracker"],
        SportsWatch "sports watch": &["gps watch", "digital watch", "sports watch"],
    }
    /// The models of a tablet.
    Tablet(TabletModel) {
        Tablet "tablet": &["tablet", "android tablet"],
        TabletWithKeyboard "tablet with keyboard": &["tablet keyboard"],
        TabletInAFolioCase "tablet in a folio case": &["tablet case"],
        KidsTablet "kids' tablet": &["kids' tablet"],
        EReader "e-reader": &["e-reader"],
        DrawingTablet "drawing tablet": &["drawing tablet"],
    }
    /// The models of a gadget.
    Gadget(GadgetModel) {
        UsbHub "USB hub": &["usb hub"],
        DockingStation "docking station": &["docking station"],
        Webcam "webcam": &["webcam"],
        Calculator "calculator": &["calculator"],
        PaperShredder "paper shredder": &["shredder", "paper shredder"],
        LabelMaker "label maker": &["label maker"],
        WallCharger "wall charger": &["charger", "wall charger"],
        PowerBank "power bank": &["power bank"],
        WirelessCharger "wireless charger": &["wireless charger"],
    }
    /// The models of a bag.
    Bag(BagModel) {
        LaptopBag "laptop bag": &["laptop bag", "bag"],
        Backpack "backpack": &["backpack"],
        MessengerBag "messenger bag": &["messenger bag"],
    }
    /// The models of a light.
    Light(LightModel) {
        Flashlight "flashlight": &[
            "flashlight",
            "pocket light",
            "inspection lamp",
            "magnetic light",
        ],
        Lantern "lantern": &["lantern"],
        Headlamp "headlamp": &["headlamp"],
        StringLights "string lights": &["string light"],
        PathLight "path light": &["path light", "solar light"],
        PostLight "post light": &["post light"],
        FloodLight "flood light": &["flood light", "hood light"],
        WorkLight "work light": &["work light"],
        ShopLight "shop light": &["shop light"],
        LedVideoLight "LED video light": &["video light"],
        ParCan "par can": &["par can"],
        MovingHead "moving head": &["moving head"],
        Spotlight "spotlight": &["spotlight", "follow spot"],
        LedBar "LED bar": &["stage strip", "led bar"],
        FogMachine "fog machine": &["fog machine"],
        LightingStand "lighting stand": &["light stand"],
    }
    /// The models of a stand.
    Stand(StandModel) {
        MusicStand "music stand": &["music stand"],
        KeyboardStand "keyboard stand": &["keyboard stand"],
        MicrophoneStand "microphone stand": &["microphone stand", "mic stand"],
    }
    /// The models of a toy vehicle.
    ToyVehicle(ToyVehicleModel) {
        ToyCar "toy car": &["toy car", "pull-back car"],
        ToyTruck "toy truck": &["toy truck"],
        RcCar "RC car": &["rc car", "remote control truck"],
        RideOnCar "ride-on car": &["ride-on car"],
        DieCastCarOnAStand "die-cast car on a stand": &[
            "die-cast car",
            "collector car",
            "model kit",
        ],
        CarCarrier "car carrier": &["car carrier"],
        RaceCar "race car": &["race car", "slot car", "race car set"],
    }
}

impl ObjectKind {
    /// The model a seed's random draw `n` picks among the kind's models (taken modulo
    /// their number).
    pub fn model_at(self, n: usize) -> Model {
        let models = self.models();
        models[n % models.len()]
    }

    /// The kind's model called `name` (as [`Model::name`] gives it), if it has one.
    pub fn model_named(self, name: &str) -> Option<Model> {
        self.models()
            .iter()
            .copied()
            .find(|model| model.name() == name)
    }

    /// Whether the spec's text is printed on the object itself (a label, a cover) rather
    /// than on a sign above it.
    pub fn prints_on_itself(self) -> bool {
        matches!(
            self,
            ObjectKind::Package | ObjectKind::Cosmetic | ObjectKind::Book
        )
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_kind_has_its_own_models_with_distinct_names() {
        let mut names = HashSet::new();
        for kind in ObjectKind::ALL {
            assert!(kind.models().len() >= 3, "{kind:?}");
            for &model in kind.models() {
                assert_eq!(model.kind(), kind);
                assert!(names.insert(model.name()), "{} twice", model.name());
                assert_eq!(kind.model_named(model.name()), Some(model));
            }
        }
    }

    #[test]
    fn a_model_is_stored_by_kind_and_name() {
        let model = Model::Car(CarModel::PickupTruck);
        let json = serde_json::to_string(&model).expect("serializes");
        assert_eq!(json, r#"{"car":"pickup_truck"}"#);
        assert_eq!(serde_json::from_str::<Model>(&json).ok(), Some(model));
        assert_eq!(
            serde_json::to_string(&Model::SportsGear(SportsGearModel::SoccerBall)).ok(),
            Some(r#"{"sports_gear":"soccer_ball"}"#.to_owned())
        );
    }
}
