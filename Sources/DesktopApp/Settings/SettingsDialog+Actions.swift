import CGtk
import Core
import Foundation

/// The dialog's actions: edit, cancel, test, save, remove, switch a service on or off — each reads the form, writes through the registry and the keyring, and shows what happened.
@MainActor
extension SettingsDialog {
    // MARK: Actions

    func installActions() {
        actions.add("add") { [weak self] in self?.showKinds() }
        actions.add("add-kind", string: { [weak self] raw in
            guard let self else { return }
            self.formReturnsToList = true
            self.showForm(ServiceDraft(adding: ServiceKind(rawValue: raw)), hasStoredCredential: false)
        })
        actions.add("edit", string: { [weak self] raw in
            guard let self, let config = self.service(raw) else { return }
            self.formReturnsToList = true
            self.edit(config)
        })
        actions.add("remove", string: { [weak self] raw in
            guard let self, let config = self.service(raw) else { return }
            self.listMessage = nil
            self.showConfirm(config)
        })
        actions.add("remove-current") { [weak self] in
            guard let self, let config = self.form?.draft.original else { return }
            self.showConfirm(config)
        }
        actions.add("confirm-remove") { [weak self] in self?.removeConfirmed() }
        actions.add("cancel") { [weak self] in self?.cancel() }
        actions.add("close") { [weak self] in self?.dialogWindow.destroy() }
        actions.add("save") { [weak self] in self?.save() }
        actions.add("test") { [weak self] in self?.test() }
        actions.add("cancel-test") { [weak self] in self?.cancelTest() }
    }

    func service(_ raw: String) -> ServiceConfig? {
        guard let id = UUID(uuidString: raw) else { return nil }
        return services.first { $0.id == id }
    }

    func edit(_ config: ServiceConfig) {
        guard let backend else { return showForm(ServiceDraft(editing: config), hasStoredCredential: true) }
        Task { [weak self] in
            switch await backend.hasStoredCredential(config) {
            case .success(let stored): self?.showForm(ServiceDraft(editing: config), hasStoredCredential: stored)
            case .failure(let error):
                // Not known whether a key is stored: the form asks for one, and says why.
                self?.showForm(ServiceDraft(editing: config), hasStoredCredential: false)
                self?.form?.showMessage(tr("Its key or password could not be read from the keyring: %s").fill(ErrorText.sentence(error)))
            }
        }
    }

    func cancel() {
        switch page {
        case .services:
            dialogWindow.destroy()
        case .kinds:
            showList()
        case .form:
            cancelTest()
            if formReturnsToList { showList() } else { dialogWindow.destroy() }
        case .confirm:
            listMessage = nil
            if let form, let original = form.draft.original, original.id == confirming?.id {
                switchTo(.form, form.view, title: tr("Edit %s").fill(original.displayName))
            } else {
                showList()
            }
        }
    }

    func test() {
        guard let form, form.canTest else { return }
        cancelTest()
        testToken += 1
        let token = testToken
        form.showTesting()
        guard let backend else { return }
        let draft = form.draft
        work = Task { [weak self] in
            let result = await backend.test(draft)
            guard let self, self.testToken == token else { return }
            self.work = nil
            self.form?.showTestResult(result)
            self.updateFormActions()
        }
        updateFormActions()
    }

    func cancelTest() {
        guard let work, page == .form else { return }
        work.cancel()
        self.work = nil
        testToken += 1 // a late answer is ignored
        form?.showTestResult(.failure(.cancelled))
        updateFormActions()
    }

    func save() {
        guard let form, form.canSave, work == nil, let backend else { return }
        let draft = form.draft
        if !draft.isNew && draft.changesSecrets { form.showMessage(tr("Checking the new credentials before saving them…")) }
        work = Task { [weak self] in
            do throws(SaveFailure) {
                try await backend.save(draft)
                guard let self else { return }
                self.work = nil
                self.services = await backend.services()
                self.onChanged?()
                if self.formReturnsToList { self.showList() } else { self.dialogWindow.destroy() }
            } catch {
                guard let self else { return }
                self.work = nil
                self.form?.showMessage(error.sentence)
                self.updateFormActions()
            }
        }
        updateFormActions()
    }

    func removeConfirmed() {
        guard let config = confirming, work == nil, let backend else { return }
        work = Task { [weak self] in
            do throws(SaveFailure) {
                try await backend.remove(config.id)
                guard let self else { return }
                self.work = nil
                self.listMessage = nil
                self.services = await backend.services()
                self.onChanged?()
                self.showList()
            } catch {
                guard let self else { return }
                self.work = nil
                if case .cacheNotRemoved = error { // removed; the leftover is the user's to know about
                    self.listMessage = error.sentence
                    self.services = await backend.services()
                    self.onChanged?()
                    self.showList()
                    return
                }
                self.listMessage = tr("“%s” was not removed. %s").fill(config.displayName, error.sentence)
                self.showConfirm(config)
            }
        }
    }

    func setServiceEnabled(_ id: UUID, _ enabled: Bool) {
        guard let backend else { return }
        Task { [weak self] in
            do throws(SaveFailure) {
                try await backend.setEnabled(id, enabled)
                guard let self else { return }
                self.services = await backend.services()
                self.onChanged?()
            } catch {
                guard let self else { return }
                self.listMessage = error.sentence
                self.showList()
            }
        }
    }
}
