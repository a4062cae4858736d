print("loom")
