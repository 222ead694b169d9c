import Foundation

/// Repositories in GitHub's shapes (`search-repos__*` and `user-repos__*` recordings).
extension FixtureJSON {
    /// A `/search/repositories` body of `repos` (each with its owner from `data`), as served.
    public static func repositorySearchBody(_ repos: some Sequence<FixtureRepository>, in data: FixtureDataSet, total: Int, base: String) -> Data {
        let items: [[String: Any]] = repos.compactMap { repo in
            data.user(id: repo.ownerID).map { owner in repository(repo, owner: owner, base: base).merging(["score": 1.0]) { $1 } }
        }
        return encode(["total_count": total, "incomplete_results": false, "items": items])
    }

    /// What lists and search items carry: every field of the recordings, `null`s included.
    static func repository(_ repo: FixtureRepository, owner: FixtureUser, base: String) -> [String: Any] {
        let fullName = "\(owner.login)/\(repo.name)"
        let api = "\(base)/repos/\(fullName)"
        var object: [String: Any] = [
            "id": repo.id, "node_id": "MDEwOlJlcG9zaXRvcnk\(repo.id)", "name": repo.name,
            "full_name": fullName, "private": false, "owner": userSummary(owner, base: base),
            "html_url": "https://github.com/\(fullName)", "description": repo.description ?? NSNull(),
            "fork": repo.isFork, "url": api,
            "created_at": iso(repo.createdAt), "updated_at": iso(repo.updatedAt), "pushed_at": iso(repo.pushedAt),
            "git_url": "git://github.com/\(fullName).git", "ssh_url": "git@github.com:\(fullName).git",
            "clone_url": "https://github.com/\(fullName).git", "svn_url": "https://github.com/\(fullName)",
            "homepage": repo.homepage ?? NSNull(), "size": repo.size,
            "stargazers_count": repo.stars, "watchers_count": repo.stars, "language": repo.language ?? NSNull(),
            "has_issues": true, "has_projects": true, "has_downloads": true, "has_wiki": true, "has_pages": false,
            "has_discussions": false, "forks_count": repo.forks, "mirror_url": NSNull(),
            "archived": repo.isArchived, "disabled": false, "open_issues_count": repo.openIssues,
            "license": license(repo.license, base: base), "allow_forking": true, "is_template": repo.isTemplate,
            "web_commit_signoff_required": false, "topics": repo.topics, "visibility": "public",
            "forks": repo.forks, "open_issues": repo.openIssues, "watchers": repo.stars,
            "default_branch": repo.defaultBranch,
        ]
        for (key, suffix) in urlTemplates { object[key] = api + suffix }
        return object
    }

    /// `GET /repos/{owner}/{repo}`: the list shape plus counts and, for forks, `parent` and `source`.
    static func repositoryDetail(_ repo: FixtureRepository, owner: FixtureUser, in data: FixtureDataSet, base: String) -> [String: Any] {
        var object = repository(repo, owner: owner, base: base)
        object["subscribers_count"] = repo.subscribers
        object["network_count"] = repo.forks
        object["temp_clone_token"] = NSNull()
        if let parentName = repo.parent, let parent = data.repository(fullName: parentName), let parentOwner = data.user(id: parent.ownerID) {
            // The double has no forks of forks, so the root (`source`) is the parent.
            object["parent"] = repository(parent, owner: parentOwner, base: base)
            object["source"] = object["parent"]
            object["network_count"] = parent.forks
        }
        return object
    }

    /// `{"C": 123, "Shell": 45}`, largest first: the order GitHub sends and clients read as
    /// "the main language first", so it is written by hand rather than with sorted keys.
    static func languages(_ bytes: [(String, Int)]) -> Data {
        let pairs = bytes.map { name, count in "\(String(decoding: encode([name]), as: UTF8.self).dropFirst().dropLast()):\(count)" }
        return Data(("{" + pairs.joined(separator: ",") + "}").utf8)
    }

    private static func license(_ key: String?, base: String) -> Any {
        guard let key else { return NSNull() }
        let (name, spdx) = licenses[key] ?? ("Other", "NOASSERTION")
        return ["key": key, "name": name, "spdx_id": spdx, "url": key == "other" ? NSNull() : "\(base)/licenses/\(key)" as Any,
                "node_id": Data("07:License\(key)".utf8).base64EncodedString()] as [String: Any]
    }

    private static let licenses: [String: (String, String)] = [
        "mit": ("MIT License", "MIT"), "apache-2.0": ("Apache License 2.0", "Apache-2.0"),
        "gpl-3.0": ("GNU General Public License v3.0", "GPL-3.0"), "gpl-2.0": ("GNU General Public License v2.0", "GPL-2.0"),
        "lgpl-2.1": ("GNU Lesser General Public License v2.1", "LGPL-2.1"), "agpl-3.0": ("GNU Affero General Public License v3.0", "AGPL-3.0"),
        "bsd-3-clause": ("BSD 3-Clause \"New\" or \"Revised\" License", "BSD-3-Clause"), "bsd-2-clause": ("BSD 2-Clause \"Simplified\" License", "BSD-2-Clause"),
        "mpl-2.0": ("Mozilla Public License 2.0", "MPL-2.0"), "unlicense": ("The Unlicense", "Unlicense"),
        "cc0-1.0": ("Creative Commons Zero v1.0 Universal", "CC0-1.0"), "other": ("Other", "NOASSERTION"),
    ]

    private static let urlTemplates: [(String, String)] = [
        ("forks_url", "/forks"), ("keys_url", "/keys{/key_id}"), ("collaborators_url", "/collaborators{/collaborator}"),
        ("teams_url", "/teams"), ("hooks_url", "/hooks"), ("issue_events_url", "/issues/events{/number}"),
        ("events_url", "/events"), ("assignees_url", "/assignees{/user}"), ("branches_url", "/branches{/branch}"),
        ("tags_url", "/tags"), ("blobs_url", "/git/blobs{/sha}"), ("git_tags_url", "/git/tags{/sha}"),
        ("git_refs_url", "/git/refs{/sha}"), ("trees_url", "/git/trees{/sha}"), ("statuses_url", "/statuses/{sha}"),
        ("languages_url", "/languages"), ("stargazers_url", "/stargazers"), ("contributors_url", "/contributors"),
        ("subscribers_url", "/subscribers"), ("subscription_url", "/subscription"), ("commits_url", "/commits{/sha}"),
        ("git_commits_url", "/git/commits{/sha}"), ("comments_url", "/comments{/number}"),
        ("issue_comment_url", "/issues/comments{/number}"), ("contents_url", "/contents/{+path}"),
        ("compare_url", "/compare/{base}...{head}"), ("merges_url", "/merges"), ("archive_url", "/{archive_format}{/ref}"),
        ("downloads_url", "/downloads"), ("issues_url", "/issues{/number}"), ("pulls_url", "/pulls{/number}"),
        ("milestones_url", "/milestones{/number}"), ("notifications_url", "/notifications{?since,all,participating}"),
        ("labels_url", "/labels{/name}"), ("releases_url", "/releases{/id}"), ("deployments_url", "/deployments"),
    ]
}
