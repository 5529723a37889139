// Networking: the URLSession client for the booking API (issue 4).
