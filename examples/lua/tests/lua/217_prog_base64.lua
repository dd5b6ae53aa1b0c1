-- realistic: base64 encode/decode with bitwise operators
local alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
local enc, dec = {}, {}
for i = 1, #alphabet do
  local c = alphabet:sub(i, i)
  enc[i - 1] = c
  dec[c] = i - 1
end
local function encode(s)
  local out = {}
  for i = 1, #s, 3 do
    local a, b, c = s:byte(i, i + 2)
    local n = (a << 16) | ((b or 0) << 8) | (c or 0)
    out[#out + 1] = enc[(n >> 18) & 63] .. enc[(n >> 12) & 63]
      .. (b and enc[(n >> 6) & 63] or "=") .. (c and enc[n & 63] or "=")
  end
  return table.concat(out)
end
local function decode(s)
  s = s:gsub("[^%w%+/=]", "")
  local out = {}
  for i = 1, #s, 4 do
    local chunk = s:sub(i, i + 3)
    local n, pad = 0, 0
    for j = 1, 4 do
      local ch = chunk:sub(j, j)
      if ch == "=" then pad = pad + 1; n = n << 6 else n = (n << 6) | dec[ch] end
    end
    local bytes = string.char((n >> 16) & 255, (n >> 8) & 255, n & 255)
    out[#out + 1] = bytes:sub(1, 3 - pad)
  end
  return table.concat(out)
end
local samples = {"", "f", "fo", "foo", "foob", "fooba", "foobar", "Hello, World!", "Lua\0bytes\255"}
for _, s in ipairs(samples) do
  local e = encode(s)
  print(string.format("%-22s %-24s %s", string.format("%q", s), e, tostring(decode(e) == s)))
end
local all = {}
for i = 0, 255 do all[#all + 1] = string.char(i) end
local blob = table.concat(all)
local e = encode(blob)
print(#e, e:sub(1, 20), decode(e) == blob)
print(decode("TWFu\nIGlz IGRp c3Rp bmd1 aXNo ZWQ="))
