"use client";

import dynamic from "next/dynamic";

// Every section page shares one client bundle, so the cards' code is split off here and loaded only
// by a page that renders a card (still server-rendered).
export const FlashcardLazy = dynamic(() =>
  import("./flashcard").then((module) => module.Flashcard),
);
export const CardSessionLazy = dynamic(() =>
  import("./card-session").then((module) => module.CardSession),
);
