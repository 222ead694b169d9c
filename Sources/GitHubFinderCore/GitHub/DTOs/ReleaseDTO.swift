/// A release as `GET /repos/{owner}/{repo}/releases/latest` sends it (only what is shown).
struct ReleaseDTO: Decodable, Sendable {
    var tag_name: String?
    var name: String?
    var body: String?
    var published_at: String?
    var created_at: String?
    var html_url: String?
    var draft: Bool?
}

extension DTOMapping {
    static func release(_ dto: ReleaseDTO) -> Release? {
        guard let tag = dto.tag_name?.trimmingCharacters(in: .whitespacesAndNewlines), !tag.isEmpty else { return nil }
        let name = dto.name?.trimmingCharacters(in: .whitespacesAndNewlines)
        let notes = dto.body?.trimmingCharacters(in: .whitespacesAndNewlines)
        return Release(tag: tag, name: name?.isEmpty == false ? name : nil, notes: notes?.isEmpty == false ? notes : nil,
                       publishedAt: date(dto.published_at ?? dto.created_at), htmlURL: dto.html_url.flatMap(webURL))
    }
}
