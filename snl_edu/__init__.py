"""snl_edu: Snakes and Ladders (saanp ra bharyang) that talks, listens and teaches."""
