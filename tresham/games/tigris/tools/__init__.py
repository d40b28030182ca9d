"""The tools of Tigris & Euphrates, over the engine and the bots: worked scenarios
(``scenario/``, ``tresham scenario``), whole bot games with checks (``playout``), the
benchmark (``bench``, ``tresham bench tigris``) and the board data's check (``data_check``)."""
