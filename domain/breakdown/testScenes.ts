/** Scenes written the way produced scripts are (Fountain), for the breakdown tests. */
export const KITCHEN_AND_STREET = `Title: Breakdown Sample

EXT. HARBOR ROAD - NIGHT

Rain hammers the coast road. A battered PICKUP TRUCK races past the lighthouse.

INT. MAYA'S KITCHEN - NIGHT

MAYA (30s), soaked, slams the door. She drops a wet ENVELOPE on the table next to an old REVOLVER.

DANIEL (O.S.)
You're late.

MAYA
I know.

DANIEL walks in from the hallway.

DANIEL
They called again. Twice.

MAYA
(fighting tears)
I couldn't do it, Danny.

DANIEL
Then we run. Tonight.

MAYA
We can't.

INT. MAYA'S KITCHEN - LATER

Maya sits alone. She turns to the window.

MAYA (V.O.)
Some promises keep you alive.

Her name on the envelope, written in a stranger's hand.
`;
