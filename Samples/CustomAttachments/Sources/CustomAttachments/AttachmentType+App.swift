import Scrollback

// Step 1: the app's attachment kinds, named as its messages name them.
extension AttachmentType {
    /// A run, ride or swim someone logged: ``WorkoutAttachmentPayload``.
    public static let workout = Self(rawValue: "workout")
    /// Money sent or asked for: ``PaymentAttachmentPayload``.
    public static let payment = Self(rawValue: "payment")
    /// A place someone picked: ``LocationAttachmentPayload``.
    public static let location = Self(rawValue: "location")
    /// What versions of the app before workouts had their own type sent instead; the
    /// ``AppResolver`` reads it as a workout.
    public static let legacyRun = Self(rawValue: "run")
}
