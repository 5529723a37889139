// Presentation: view models for the four screens and the coordinator (issue 6).
