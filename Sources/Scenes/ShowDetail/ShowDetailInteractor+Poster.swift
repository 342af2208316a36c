import Domain

extension ShowDetailInteractor {
    /// Asks for the show's poster when its details name one: fetched, decoded and scaled off
    /// the main actor by the picture worker, then presented with the details (which never wait
    /// for it). Asked once per URL; a failure is said once on the status bar (and so kept in the
    /// message log) and leaves the page without a poster.
    package func loadPoster() {
        guard let images, let url = details?.imageURL, posterURL != url else { return }
        posterURL = url
        let box = ShowDetail.posterBox
        _ = effects.track(
            Task { [weak self] in
                let outcome = await images.image(at: url, fittingWidth: box.columns, height: box.rows * 2)
                guard let self, !Task.isCancelled, self.posterURL == url else { return }
                switch outcome {
                case .image(let image): self.poster = image
                case .failed(let reason): self.posterMessage = "No poster: " + reason + "."
                }
                if let show = self.show { self.present(show) }
            })
    }
}
