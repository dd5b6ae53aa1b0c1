-- os.exit(0) means success; output written without newline is still flushed
print("start")
print(select("#", 1, 2, 3))
print("done")
local words = {}
for w in ("exit zero after output"):gmatch("%a+") do words[#words + 1] = w:upper() end
print(table.concat(words, "_"))
io.write("no trailing newline")
os.exit(0)
print("never printed")
