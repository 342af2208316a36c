import Domain

extension PersonInteractor {
    /// Asks for the person's photo once their page names one: fetched, decoded and scaled off
    /// the main actor by the picture worker, then presented with the page (which never waits
    /// for it). Asked once per URL; a failure is said once on the status bar.
    package func loadPhoto() {
        guard let images, let url = person?.imageURL, photoURL != url else { return }
        photoURL = url
        let box = PersonScene.photoBox
        _ = effects.track(
            Task { [weak self] in
                let outcome = await images.image(at: url, fittingWidth: box.columns, height: box.rows * 2)
                guard let self, !Task.isCancelled, self.photoURL == url else { return }
                switch outcome {
                case .image(let image): self.photo = image
                case .failed(let reason): self.photoMessage = "No photo: " + reason + "."
                }
                self.present()
            })
    }
}
