-- searches cycling through more patterns than a matcher remembers, the
-- same pattern anchored and not, and a malformed one between good ones
local patterns = { "[^ \t]", '["\\]', "%d+", "^%a+", "(%a)(%d)", "[%c\"]", "x*y", "%s+", "[a-c]+" }
local subjects = { "  hello 42 world", 'say "hi"\tnow', "ab12cd", "x9 yy", "\1tab\"q", "xxxy abc" }
local out = {}
for round = 1, 3 do
  for i, p in ipairs(patterns) do
    for j, s in ipairs(subjects) do
      local a, b = string.find(s, p)
      out[#out + 1] = tostring(a) .. ":" .. tostring(b)
      out[#out + 1] = tostring(string.match(s, p, 2))
      local n = select(2, string.gsub(s, p, "#"))
      out[#out + 1] = tostring(n)
    end
  end
  -- the same bytes as a pattern of gmatch (where `^` anchors in 5.4) and of find
  local words = {}
  for w in string.gmatch("abc def ghi", "^%a+") do words[#words + 1] = w end
  for w in string.gmatch("abc def ghi", "%a+") do words[#words + 1] = w end
  out[#out + 1] = table.concat(words, ",")
  local ok, err = pcall(string.find, "abc", "[a-")
  out[#out + 1] = tostring(ok) .. " " .. tostring(err)
  out[#out + 1] = tostring(string.find("a]b", "[]]"))
end
print(#out)
print(table.concat(out, " ", 1, 60))
print(table.concat(out, " ", #out - 20))
local h = 0
for _, v in ipairs(out) do for k = 1, #v do h = (h * 31 + v:byte(k)) % 1000000007 end end
print(h)
