-- Neovim (0.7 and later) as an LSP client of `urlint server`, headless:
-- open a file, wait for the diagnostics urlint publishes, print them, quit.
-- Run by headless.sh; $URLINT is the binary, $URLINT_FILE the file.
local urlint = os.getenv("URLINT") or "urlint"
local file = assert(os.getenv("URLINT_FILE"), "URLINT_FILE is not set")
local out = io.stdout

local published = false
local default = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  default(err, result, ctx, config)
  published = true
end

-- start_client + buf_attach_client work from 0.5 on; vim.lsp.start (0.8)
-- and vim.lsp.config (0.11) are shorthands for the same.
local client_id = vim.lsp.start_client({
  name = "urlint",
  cmd = { urlint, "server" },
  root_dir = vim.fn.getcwd(),
})
vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
vim.bo[buf].filetype = "markdown"
vim.lsp.buf_attach_client(buf, client_id)

if not vim.wait(20000, function() return published end, 20) then
  out:write("no diagnostics from urlint server within 20 s\n")
  vim.cmd("cquit 1")
end

local names = { "error", "warning", "info", "hint" }
local diagnostics = vim.diagnostic.get(buf)
table.sort(diagnostics, function(a, b)
  return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
end)
out:write(string.format("%s: %d diagnostics from urlint server\n", file, #diagnostics))
for _, d in ipairs(diagnostics) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"
  local message = vim.split(d.message, "\n", { plain = true })[1]
  out:write(string.format("%s:%d:%d: %s[%s] %s\n", file, d.lnum + 1, d.col + 1,
    names[d.severity] or "?", code, message))
end

-- shutdown, then exit: the server ends with status 0.
vim.lsp.get_client_by_id(client_id).stop()
vim.wait(5000, function() return vim.lsp.client_is_stopped(client_id) end, 20)
vim.cmd("qall!")
