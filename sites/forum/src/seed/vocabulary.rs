//! Words the seed composes forums, titles, bodies and comments from.

use imagery::NamedColor;

/// A seeded forum: its name (the `/f/<name>` path), title, description, the things people
/// post about there, and how much of it is pictures (0–10).
#[derive(Debug, Clone, Copy)]
pub struct ForumSeed {
    /// The name in URLs.
    pub name: &'static str,
    /// The human title.
    pub title: &'static str,
    /// The sidebar description.
    pub description: &'static str,
    /// Subjects of posts.
    pub topics: &'static [&'static str],
    /// How strongly image posts gravitate here (0: never).
    pub pictures: u32,
}

const fn forum(
    name: &'static str,
    title: &'static str,
    description: &'static str,
    topics: &'static [&'static str],
    pictures: u32,
) -> ForumSeed {
    ForumSeed {
        name,
        title,
        description,
        topics,
        pictures,
    }
}

/// Every seeded forum (VWA's forum names first, so task URLs resolve).
pub const FORUMS: &[ForumSeed] = &[
    forum(
        "pics",
        "Pictures",
        "A place for photographs and pictures of all kinds.",
        &[
            "a photo I took",
            "this view",
            "my afternoon",
            "the old house",
        ],
        10,
    ),
    forum(
        "memes",
        "Memes",
        "Memes, captions and image macros.",
        &[
            "Monday mornings",
            "my code",
            "group projects",
            "the weekend",
        ],
        8,
    ),
    forum(
        "aww",
        "Aww",
        "Cute animals and happy things.",
        &["my dog", "our cat", "the puppies", "a very good boy"],
        8,
    ),
    forum(
        "EarthPorn",
        "Earth Porn",
        "Beautiful images of the natural world.",
        &[
            "the lake at dawn",
            "the valley",
            "a mountain ridge",
            "the coast",
        ],
        8,
    ),
    forum(
        "Art",
        "Art",
        "Paintings, drawings, sculpture and digital art.",
        &[
            "my latest painting",
            "a study in colour",
            "an ink sketch",
            "a watercolour",
        ],
        6,
    ),
    forum(
        "photoshopbattles",
        "Photoshop Battles",
        "Photoshop contests on images.",
        &[
            "this serious bird",
            "a confused cat",
            "this statue",
            "a proud dog",
        ],
        6,
    ),
    forum(
        "dataisbeautiful",
        "Data Is Beautiful",
        "Charts, graphs and visualizations of data.",
        &[
            "monthly rainfall",
            "housing prices",
            "game sales",
            "commute times",
        ],
        7,
    ),
    forum(
        "mildlyinteresting",
        "Mildly Interesting",
        "For things that are mildly interesting.",
        &[
            "this odd tomato",
            "a worn staircase",
            "the parking sign",
            "this tiny key",
        ],
        6,
    ),
    forum(
        "food",
        "Food",
        "Cooking, eating and recipes.",
        &[
            "homemade ramen",
            "sourdough bread",
            "a breakfast sandwich",
            "pasta carbonara",
        ],
        6,
    ),
    forum(
        "gaming",
        "Gaming",
        "A forum for (almost) anything related to games.",
        &[
            "the new RPG",
            "my old console",
            "a speedrun",
            "this boss fight",
        ],
        4,
    ),
    forum(
        "gifs",
        "GIFs",
        "Funny, animated pictures.",
        &[
            "this loop",
            "a slow dog",
            "the perfect landing",
            "a cat vs a box",
        ],
        5,
    ),
    forum(
        "funny",
        "Funny",
        "Things that make you laugh.",
        &[
            "my neighbour's sign",
            "this menu",
            "my kid's drawing",
            "this typo",
        ],
        5,
    ),
    forum(
        "OldSchoolCool",
        "Old School Cool",
        "History's cool kids, looking fantastic.",
        &[
            "my grandpa in 1962",
            "mom in the 80s",
            "our band in 1975",
            "a 1950s diner",
        ],
        5,
    ),
    forum(
        "MechanicalKeyboards",
        "Mechanical Keyboards",
        "Keyboards, switches and keycaps.",
        &[
            "my first build",
            "these keycaps",
            "a lubed switch",
            "the desk setup",
        ],
        4,
    ),
    forum(
        "space",
        "Space",
        "News and discussion about space and astronomy.",
        &[
            "the Moon tonight",
            "a Mars rover",
            "Saturn's rings",
            "the launch",
        ],
        4,
    ),
    forum(
        "consoles",
        "Consoles",
        "Video game consoles, new and old.",
        &[
            "my console collection",
            "the handheld",
            "a repaired controller",
            "the retro shelf",
        ],
        3,
    ),
    forum(
        "headphones",
        "Headphones",
        "Headphones, earbuds and amplifiers.",
        &[
            "these open-backs",
            "my daily earbuds",
            "a DAC",
            "the new cans",
        ],
        3,
    ),
    forum(
        "iphone",
        "iPhone",
        "Everything about the iPhone.",
        &[
            "battery life",
            "the new camera",
            "a cracked screen",
            "iOS settings",
        ],
        2,
    ),
    forum(
        "gadgets",
        "Gadgets",
        "Gadgets and consumer technology.",
        &[
            "this smart lamp",
            "a pocket projector",
            "my e-reader",
            "the drone",
        ],
        3,
    ),
    forum(
        "monitor",
        "Monitors",
        "Displays for work and play.",
        &[
            "a 4K monitor",
            "my dual setup",
            "ultrawide panels",
            "colour calibration",
        ],
        2,
    ),
    forum(
        "Music",
        "Music",
        "Music news, songs and discussion.",
        &[
            "this album",
            "a live set",
            "my vinyl shelf",
            "the guitar riff",
        ],
        2,
    ),
    forum(
        "movies",
        "Movies",
        "News and discussion about films.",
        &[
            "the new sequel",
            "a classic western",
            "this trailer",
            "the director's cut",
        ],
        2,
    ),
    forum(
        "history",
        "History",
        "Discussions about history.",
        &[
            "the Roman roads",
            "a medieval map",
            "the Silk Road",
            "a 1920s newspaper",
        ],
        2,
    ),
    forum(
        "books",
        "Books",
        "Books, reading and authors.",
        &[
            "the last chapter",
            "my reading list",
            "this paperback",
            "a library haul",
        ],
        2,
    ),
    forum(
        "explainlikeimfive",
        "Explain Like I'm Five",
        "Simple explanations of complex ideas.",
        &[
            "why the sky is blue",
            "how vaccines work",
            "inflation",
            "black holes",
        ],
        0,
    ),
    forum(
        "Jokes",
        "Jokes",
        "The funniest jokes, told in text.",
        &[
            "a pun",
            "the bartender",
            "a knock-knock joke",
            "the dad joke",
        ],
        0,
    ),
    forum(
        "GetMotivated",
        "Get Motivated",
        "Motivation, discipline and encouragement.",
        &[
            "my first 5K",
            "six months sober",
            "a daily routine",
            "finishing the thesis",
        ],
        3,
    ),
    forum(
        "wallstreetbets",
        "Wall Street Bets",
        "Stocks, options and very confident predictions.",
        &[
            "my portfolio",
            "these calls",
            "the earnings",
            "a rocket stock",
        ],
        3,
    ),
    forum(
        "personalfinance",
        "Personal Finance",
        "Budgets, savings and debt.",
        &[
            "an emergency fund",
            "my budget",
            "the car loan",
            "index funds",
        ],
        1,
    ),
    forum(
        "science",
        "Science",
        "Research news and discussion.",
        &[
            "a new study",
            "the experiment",
            "a fossil find",
            "a chemistry result",
        ],
        2,
    ),
    forum(
        "technology",
        "Technology",
        "Technology news.",
        &[
            "the new chip",
            "a privacy update",
            "the outage",
            "battery research",
        ],
        1,
    ),
    forum(
        "worldnews",
        "World News",
        "Major news from around the world.",
        &["the summit", "the election", "a trade deal", "the storm"],
        1,
    ),
    forum(
        "sports",
        "Sports",
        "Sports news and highlights.",
        &[
            "last night's game",
            "the trade rumours",
            "a marathon",
            "the final",
        ],
        2,
    ),
    forum(
        "travel",
        "Travel",
        "Trips, tips and places.",
        &[
            "a week in Lisbon",
            "a road trip",
            "the night train",
            "a packing list",
        ],
        4,
    ),
    forum(
        "photography",
        "Photography",
        "Cameras, techniques and critique.",
        &[
            "my first prime lens",
            "a long exposure",
            "street shots",
            "golden hour",
        ],
        5,
    ),
    forum(
        "DIY",
        "DIY",
        "Do it yourself projects.",
        &[
            "the new shelves",
            "a bathroom tile job",
            "my workbench",
            "a garden bed",
        ],
        4,
    ),
    forum(
        "cats",
        "Cats",
        "Pictures and stories of cats.",
        &[
            "my tabby",
            "the kitten",
            "a cat in a box",
            "two sleepy cats",
        ],
        7,
    ),
    forum(
        "dogs",
        "Dogs",
        "All things dogs.",
        &[
            "my rescue pup",
            "the beagle",
            "a dog at the beach",
            "our old lab",
        ],
        7,
    ),
    forum(
        "nyc",
        "New York City",
        "New York City news and life.",
        &["the subway", "a Brooklyn bagel", "Central Park", "rent"],
        3,
    ),
    forum(
        "boston",
        "Boston",
        "Boston news and life.",
        &["the T", "a Fenway game", "the harbor", "the snowstorm"],
        3,
    ),
    forum(
        "pittsburgh",
        "Pittsburgh",
        "Pittsburgh and its neighbourhoods.",
        &[
            "the inclines",
            "a pierogi place",
            "the rivers",
            "the bridges",
        ],
        3,
    ),
    forum(
        "washingtondc",
        "Washington DC",
        "Life in the District.",
        &[
            "the Metro",
            "the cherry blossoms",
            "the Mall",
            "a museum day",
        ],
        3,
    ),
    forum(
        "Washington",
        "Washington State",
        "The Evergreen State.",
        &["the ferries", "Mount Rainier", "the rain", "apple season"],
        3,
    ),
    forum(
        "newhampshire",
        "New Hampshire",
        "Live free or die.",
        &[
            "the White Mountains",
            "fall foliage",
            "a covered bridge",
            "the lakes",
        ],
        3,
    ),
    forum(
        "Maine",
        "Maine",
        "The Pine Tree State.",
        &[
            "lobster rolls",
            "the lighthouse",
            "Acadia",
            "the first snow",
        ],
        3,
    ),
    forum(
        "Newark",
        "Newark",
        "Newark, New Jersey.",
        &[
            "the Ironbound",
            "Penn Station",
            "Branch Brook Park",
            "the airport",
        ],
        2,
    ),
    forum(
        "jerseycity",
        "Jersey City",
        "Jersey City news and life.",
        &[
            "the PATH",
            "the waterfront",
            "a new cafe",
            "Liberty State Park",
        ],
        2,
    ),
    forum(
        "ColumbiaMD",
        "Columbia, MD",
        "Columbia, Maryland.",
        &[
            "the lakefront",
            "a village center",
            "the Merriweather show",
            "the paths",
        ],
        2,
    ),
    forum(
        "springfieldMO",
        "Springfield, MO",
        "Springfield, Missouri.",
        &[
            "the square",
            "cashew chicken",
            "the greenway",
            "a Cardinals game",
        ],
        2,
    ),
    forum(
        "newhaven",
        "New Haven",
        "New Haven, Connecticut.",
        &["apizza", "East Rock", "the green", "the train to NYC"],
        2,
    ),
    forum(
        "arlingtonva",
        "Arlington, VA",
        "Arlington, Virginia.",
        &[
            "the Orange Line",
            "a farmers market",
            "the trail",
            "Clarendon",
        ],
        2,
    ),
    forum(
        "baltimore",
        "Baltimore",
        "Charm City.",
        &["the Inner Harbor", "crab season", "the O's", "a row house"],
        2,
    ),
    forum(
        "philadelphia",
        "Philadelphia",
        "The City of Brotherly Love.",
        &["a cheesesteak", "SEPTA", "the Schuylkill", "a mural"],
        2,
    ),
    forum(
        "houseplants",
        "Houseplants",
        "Plants that live indoors.",
        &["my monstera", "a pothos cutting", "the fern", "a repotting"],
        5,
    ),
    forum(
        "bicycling",
        "Bicycling",
        "Bikes, rides and repairs.",
        &[
            "my commuter bike",
            "a century ride",
            "the new wheels",
            "a flat tire",
        ],
        4,
    ),
    forum(
        "cars",
        "Cars",
        "Cars and driving.",
        &[
            "my first car",
            "the road trip",
            "a restoration",
            "this engine",
        ],
        4,
    ),
];

/// How image posts are titled; `{topic}` and `{thing}` are filled in.
pub const IMAGE_TITLES: &[&str] = &[
    "Here is {thing}",
    "Finally got a picture of {thing}",
    "{thing}, as promised",
    "Thought you would like {thing}",
    "Took this today: {thing}",
    "Not sure what to make of {thing}",
    "My photo of {thing}",
    "Look at {thing}",
];

/// How text posts are titled; `{topic}` is filled in.
pub const TEXT_TITLES: &[&str] = &[
    "What do you think about {topic}?",
    "Question about {topic}",
    "Unpopular opinion: {topic} is overrated",
    "Can someone help me with {topic}?",
    "My experience with {topic}",
    "Is it just me, or is {topic} getting better?",
    "Tips for {topic}?",
    "A long post about {topic}",
    "Weekly discussion: {topic}",
    "Update on {topic}",
];

/// Sentences of text posts and comments; `{topic}` is filled in.
pub const SENTENCES: &[&str] = &[
    "I have been thinking about {topic} for a while now.",
    "Honestly, {topic} surprised me.",
    "Has anyone else noticed this about {topic}?",
    "This is the best thing I have seen all week.",
    "I disagree, but I see where you are coming from.",
    "Source? I would like to read more.",
    "Came here to say exactly this.",
    "That is a fair point.",
    "We tried this last year and it worked well.",
    "I would wait a few weeks before deciding.",
    "The comments here are gold.",
    "Thanks for sharing, this made my day.",
    "Can confirm, same thing happened to me.",
    "I had no idea about {topic}.",
    "Not everyone agrees, and that is fine.",
    "The second point is the important one.",
    "It depends on what you expect from {topic}.",
    "Underrated post.",
    "This needs more upvotes.",
    "Wait until you see the price.",
    "My uncle swears by it.",
    "I read the whole thing and learned something.",
    "Please post an update later!",
    "Saving this for later.",
    "That is not how I remember it.",
    "Bold of you to post this here.",
];

/// Words usernames are made of.
pub const NAME_WORDS: &[&str] = &[
    "Marvel", "Grant", "Tiger", "Maple", "Quiet", "Rocket", "Pixel", "Falcon", "River", "Stone",
    "Copper", "Velvet", "Lunar", "Atlas", "Cobalt", "Ember", "Frost", "Harbor", "Indigo",
    "Juniper", "Koala", "Lemon", "Mango", "Nimbus", "Otter", "Pepper", "Quartz", "Raven",
    "Saffron", "Thistle", "Umber", "Violet", "Walnut", "Yonder", "Zephyr", "Badger", "Cedar",
    "Dingo", "Echo", "Fable", "Gecko", "Hazel", "Iris", "Jasper", "Kettle",
];

/// Subjects of seeded private messages.
pub const MESSAGE_TITLES: &[&str] = &[
    "About your post",
    "Quick question",
    "Thanks!",
    "Meetup this weekend?",
    "Re: the recipe",
    "Your comment",
];

/// Bodies of seeded private messages.
pub const MESSAGE_BODIES: &[&str] = &[
    "Hey, I saw your post and wanted to ask where you took that picture.",
    "Thanks for the advice, it worked!",
    "Are you going to the meetup on Saturday?",
    "Could you share the recipe? Mine never turns out right.",
    "No worries, happy to help.",
    "Sounds good, see you there.",
];

/// Titles of meme posts (the captions are in the picture only).
pub const MEME_TITLES: &[&str] = &[
    "Every single time",
    "Too real",
    "Me lately",
    "So true it hurts",
    "Who else?",
    "Made this at 3 am",
    "Accurate",
    "Can't be just me",
    "Tag yourself",
    "Felt this one",
];

/// Top captions of seeded memes.
pub const MEME_TOPS: &[&str] = &[
    "WHEN THE CODE COMPILES",
    "ME AT 2 AM",
    "NOBODY:",
    "MY PLANS FOR THE WEEKEND",
    "WHEN THE WIFI DROPS",
    "FIVE MINUTES BEFORE THE MEETING",
    "WHEN SOMEONE SAYS PINEAPPLE ON PIZZA",
    "MONDAY MORNING",
    "WHEN THE GROUP CHAT GOES QUIET",
    "ME AFTER ONE PUSHUP",
    "WHEN YOU FIND FRIES IN THE BAG",
    "WHEN THE BUS IS EARLY",
    "MY BANK ACCOUNT",
    "WHEN MOM SAYS WE HAVE FOOD AT HOME",
];

/// Bottom captions of seeded memes.
pub const MEME_BOTTOMS: &[&str] = &[
    "ON THE FIRST TRY",
    "STILL SCROLLING",
    "ABSOLUTELY NOTHING",
    "TRUST THE PROCESS",
    "I AM THE PROBLEM",
    "THIS IS FINE",
    "NOT AGAIN",
    "EVERY SINGLE TIME",
    "HOLD MY COFFEE",
    "SEND HELP",
    "NAILED IT",
    "WORTH IT",
    "NO REGRETS",
    "BEST DAY EVER",
];

/// A kind of data a seeded chart shows: its title, labels in order, the range of its
/// values, and whether the values are parts of a whole (drawn as a pie).
#[derive(Debug, Clone, Copy)]
pub struct Series {
    /// The chart's title.
    pub title: &'static str,
    /// Its labels, in order.
    pub labels: &'static [&'static str],
    /// Smallest and largest value.
    pub range: (u32, u32),
    /// Parts of a whole (a pie chart).
    pub parts: bool,
}

const MONTHS: &[&str] = &[
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const WEEKDAYS: &[&str] = &["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const YEARS: &[&str] = &["2017", "2018", "2019", "2020", "2021", "2022", "2023"];

const fn series(
    title: &'static str,
    labels: &'static [&'static str],
    range: (u32, u32),
    parts: bool,
) -> Series {
    Series {
        title,
        labels,
        range,
        parts,
    }
}

/// What seeded charts show.
pub const CHART_SERIES: &[Series] = &[
    series("Monthly rainfall in my town (mm)", MONTHS, (12, 160), false),
    series("Visitors to my blog per month", MONTHS, (150, 4_000), false),
    series(
        "My electricity bill per month ($)",
        MONTHS,
        (40, 220),
        false,
    ),
    series("Books I read each month", MONTHS, (1, 30), false),
    series(
        "Average daily steps per month",
        MONTHS,
        (3_000, 14_000),
        false,
    ),
    series("Coffees I drank last week", WEEKDAYS, (1, 40), false),
    series("Minutes of commute per day", WEEKDAYS, (10, 95), false),
    series("Hours I slept last week (x10)", WEEKDAYS, (45, 95), false),
    series("Bikes sold by our shop per year", YEARS, (80, 900), false),
    series(
        "Average rent in my city per year ($)",
        YEARS,
        (900, 2_600),
        false,
    ),
    series(
        "Where my money went last month ($)",
        &["Rent", "Food", "Transport", "Fun", "Savings"],
        (60, 1_400),
        true,
    ),
    series(
        "Favourite fruit poll (votes)",
        &["Apples", "Bananas", "Cherries", "Grapes", "Mangoes"],
        (5, 250),
        true,
    ),
    series(
        "How I spend a weekday (minutes)",
        &["Work", "Sleep", "Chores", "Games", "Reading", "Other"],
        (30, 520),
        true,
    ),
];

/// Bar and line colours of seeded charts.
pub const CHART_COLOURS: &[NamedColor] = &[
    NamedColor::Blue,
    NamedColor::Green,
    NamedColor::Orange,
    NamedColor::Purple,
    NamedColor::Red,
];

/// Titles of outdoor scenes; `{animals}`, `{time}` and `{weather}` are filled in (the
/// count is left to the picture).
pub const LANDSCAPE_TITLES: &[&str] = &[
    "{animals} in the meadow at {time}",
    "A {weather} {time} on the farm",
    "Caught the {animals} out in the field",
    "{weather} day, happy {animals}",
    "The {animals} next door at {time}",
    "Walked past these {animals} today",
];
